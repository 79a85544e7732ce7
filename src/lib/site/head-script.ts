/**
 * The one inline script of every page, run in <head> before the first paint: a visitor who closed the install
 * banner, or who runs the installed app, never sees it flash in, so nothing below it moves (layout shift). The CSP
 * allows exactly this text by its hash (astro.config.mjs); keep it free of template values.
 */
export const HEAD_SCRIPT =
  "try{if(matchMedia('(display-mode: standalone)').matches||localStorage.getItem('installBanner.closed')==='1')document.documentElement.dataset.installBannerClosed=''}catch(e){}";
