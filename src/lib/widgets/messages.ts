/**
 * The translation keys each widget island is given as a prop (src/i18n/pick-messages.ts). An entry ending in
 * `.` is a prefix. Keep in step with the keys the islands and the rules they call use.
 */
const COMMON = ['widgets.retry', 'common.loading', 'errors.global', 'errors.network', 'errors.tooManyAttempts'];

export const HELP_BOX_MESSAGES: readonly string[] = [...COMMON, 'widgets.helpBox.', 'nav.help.'];

export const TOOL_BOX_MESSAGES: readonly string[] = [
  ...COMMON,
  'widgets.toolBox.',
  'widgets.track.',
  'widgets.rates.',
  'widgets.office.',
  'widgets.converter.',
  'plan.name.',
  // The rate calculator's goods (the breakdown loads the rest of its part when shown).
  'landedCost.goods.',
  'validation.required',
  'validation.tooLong',
  'validation.awbRequired',
  'validation.requiredCurrencyFields',
  'validation.invalidAmount',
  'validation.unavailableCurrency',
];
