/**
 * The banner carousel in the browser, on the carousel library: scrolls a page of slides at a time, mirrored
 * in right-to-left pages; the previous and next buttons are disabled at the ends. The slides in view per
 * width come from the stylesheet (spec 2 §9: 5, 4, 3, 2, 1 at 1200, 992, 700, 490, 300 px).
 */
import EmblaCarousel from 'embla-carousel';

export function wireCarousels(doc: Document): void {
  for (const root of doc.querySelectorAll<HTMLElement>('[data-carousel]')) {
    const viewport = root.querySelector<HTMLElement>('[data-carousel-viewport]');
    const controls = root.querySelector<HTMLElement>('[data-carousel-controls]');
    const prev = root.querySelector<HTMLButtonElement>('[data-carousel-prev]');
    const next = root.querySelector<HTMLButtonElement>('[data-carousel-next]');
    if (!viewport || !controls || !prev || !next) continue;
    const rtl = getComputedStyle(root).direction === 'rtl';
    root.classList.add('is-enhanced');
    const carousel = EmblaCarousel(viewport, {
      align: 'start',
      direction: rtl ? 'rtl' : 'ltr',
      slidesToScroll: 'auto',
      containScroll: 'trimSnaps',
    });
    const update = () => {
      prev.disabled = !carousel.canScrollPrev();
      next.disabled = !carousel.canScrollNext();
      // Nothing to scroll (all slides in view): no buttons.
      controls.hidden = prev.disabled && next.disabled;
    };
    prev.addEventListener('click', () => carousel.scrollPrev());
    next.addEventListener('click', () => carousel.scrollNext());
    carousel.on('select', update).on('reInit', update).on('init', update);
    update();
  }
}
