/** Name of the cookie that tells the server the visitor's current language (URL rules, 404 pages). */
export const LANG_COOKIE = 'lang';
