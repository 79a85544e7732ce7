/**
 * Password rule of spec 1 §5: 8 to 40 characters with a letter, an uppercase letter, a digit and one of
 * ! @ # $ % * ( ) _ + ^ & } { = ? . ;
 */
export const PASSWORD_SPECIALS = '!@#$%*()_+^&}{=?.;';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 40;

export type PasswordProblem = 'required' | 'length' | 'letter' | 'uppercase' | 'digit' | 'special';

export function passwordProblems(password: string): PasswordProblem[] {
  if (password === '') return ['required'];
  const problems: PasswordProblem[] = [];
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) problems.push('length');
  if (!/[A-Za-z]/.test(password)) problems.push('letter');
  if (!/[A-Z]/.test(password)) problems.push('uppercase');
  if (!/\d/.test(password)) problems.push('digit');
  if (![...password].some((ch) => PASSWORD_SPECIALS.includes(ch))) problems.push('special');
  return problems;
}

/** The confirmation must equal the new password once both are trimmed. */
export function confirmationMatches(password: string, confirmation: string): boolean {
  return password.trim() === confirmation.trim();
}
