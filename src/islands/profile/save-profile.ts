/** What saving the profile needs, loaded when the customer saves: the page shows the form without it. */
export { saveAccount } from '../../lib/api/account/save-account.ts';
export { currentUserFrom } from '../../lib/session/from-login.ts';
export { fieldProblemsOf, formProblemOf } from '../../lib/signup/signup-errors.ts';
