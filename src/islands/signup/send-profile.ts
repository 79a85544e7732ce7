/** What checking and sending the signup form needs, loaded when the customer does: the form shows without it. */
export { emailCheckProblem, fieldProblemsOf, formProblemOf } from '../../lib/signup/signup-errors.ts';
export { currentUserFrom } from '../../lib/session/from-login.ts';
