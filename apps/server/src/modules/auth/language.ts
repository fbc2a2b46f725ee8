/**
 * Whether an Accept-Language header prefers English over French (the game's fallback language):
 * the language with the highest q among those we speak wins; ties go to the earlier entry.
 */
export function prefersEnglish(header: string | undefined): boolean {
  if (!header) return false;
  let best: { lang: 'en' | 'fr'; q: number } | null = null;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const lang = tag.trim().toLowerCase().split('-')[0];
    if (lang !== 'en' && lang !== 'fr') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number.parseFloat(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang, q };
  }
  return best?.lang === 'en';
}
