export { type AgreementRule, agreeOnCount, type CountReport, medianOf } from './agree-on-count.js';
export { capSubmitterShare, postsPerSubmitter, type WindowPost } from './cap-submitter-share.js';
