/** Logical properties only, so every layout mirrors for Arabic. */
export default {
  plugins: ['stylelint-use-logical'],
  rules: {
    'csstools/use-logical': ['always', { except: ['float'] }],
  },
};
