export { type AgreementRule, agreeOnCount, type CountReport, medianOf } from './agree-on-count.js';
export { agreeOnValue, type ValueReport } from './agree-on-value.js';
export {
  countedReports,
  type IndependenceRule,
  independentReporters,
  onePerOrigin,
  type ReportOrigin,
} from './independent-reporters.js';
export { mailDomainOf } from './mail-domain.js';
