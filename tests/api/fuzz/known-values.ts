/**
 * Values the app itself answered, by field name (lower case): the ids, codes and numbers of a customer's own
 * things and of the public lists. The fuzz test and the security scan fill path parameters with them, so that a
 * look-up by id finds something and the code behind it runs.
 */
export class KnownValues {
  readonly #byName = new Map<string, Set<string>>();

  /** Takes the values of every id-like field of a JSON answer, to a bounded depth and list length. */
  add(answer: unknown): void {
    const visit = (value: unknown, key: string, depth: number) => {
      if (depth > 6) return;
      if (Array.isArray(value)) {
        for (const item of value.slice(0, 20)) visit(item, key, depth + 1);
        return;
      }
      if (typeof value === 'object' && value !== null) {
        for (const [k, v] of Object.entries(value)) visit(v, k, depth + 1);
        return;
      }
      const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
      if (text.length === 0 || text.length >= 80 || !/(id|guid|number|code|awb|fawb|entity|name)$/i.test(key)) return;
      const set = this.#byName.get(key.toLowerCase()) ?? new Set<string>();
      this.#byName.set(key.toLowerCase(), set.add(text));
    };
    visit(answer, '', 0);
  }

  /**
   * The values answered for a field of this name; else for the longest field name it ends with (`messageGuid`:
   * `guid`, `requestId`: `id`); else every value answered. In a stable order.
   */
  for(name: string): string[] {
    const lower = name.toLowerCase();
    const key = this.#byName.has(lower)
      ? lower
      : [...this.#byName.keys()].filter((k) => lower.endsWith(k)).sort((a, b) => b.length - a.length)[0];
    const values = key ? this.#byName.get(key) : new Set([...this.#byName.values()].flatMap((set) => [...set]));
    return [...(values ?? [])].sort();
  }
}
