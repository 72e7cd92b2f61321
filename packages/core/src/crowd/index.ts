export {
  type AgreementRule,
  agreeOnCount,
  type CountReport,
  medianOf,
  onePerAccountAndAddress,
  type ReportOrigin,
} from './agree-on-count.js';
export { agreeOnValue, type ValueReport } from './agree-on-value.js';
