/**
 * The shopping directory's country filter in the browser: `?countryCode=` (or the select) shows that
 * country's stores, at most one page of them (100); the empty placeholder shows every store.
 */

/** The stores to show: those of the country (all when none is chosen), at most `pageSize`. */
export function visibleStores(countries: readonly string[], chosen: string, pageSize: number): boolean[] {
  let shown = 0;
  return countries.map((country) => {
    const match = chosen === '' || country === chosen;
    if (!match || shown >= pageSize) return false;
    shown += 1;
    return true;
  });
}

export function wireShopFilter(doc: Document): void {
  const form = doc.querySelector<HTMLFormElement>('[data-shop-filter]');
  const select = form?.querySelector<HTMLSelectElement>('select[name="countryCode"]');
  const count = doc.querySelector<HTMLElement>('[data-shop-count]');
  const template = doc.querySelector<HTMLTemplateElement>('[data-count-template]');
  if (!form || !select || !count || !template) return;
  const items = [...doc.querySelectorAll<HTMLElement>('[data-country]')];
  const pageSize = Number(form.dataset.pageSize) || 100;

  const apply = (chosen: string) => {
    const visible = visibleStores(
      items.map((item) => item.dataset.country ?? ''),
      chosen,
      pageSize,
    );
    items.forEach((item, i) => {
      item.hidden = !visible[i];
    });
    const option = [...select.options].find((o) => o.value === chosen);
    count.textContent =
      chosen && option
        ? (template.content.textContent ?? '')
            .replace('{number}', String(visible.filter(Boolean).length))
            .replace('{country}', option.text)
        : (count.dataset.all ?? '');
  };

  const fromUrl = (new URLSearchParams(location.search).get('countryCode') ?? '').toUpperCase();
  const known = [...select.options].some((o) => o.value === fromUrl);
  select.value = known ? fromUrl : '';
  apply(select.value);

  const choose = () => {
    const url = new URL(location.href);
    if (select.value) url.searchParams.set('countryCode', select.value);
    else url.searchParams.delete('countryCode');
    history.replaceState(history.state, '', url);
    apply(select.value);
  };
  select.addEventListener('change', choose);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    choose();
  });
}
