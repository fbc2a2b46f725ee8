/** Lower-cases and strips accents so that "eridani" finds "Éridani". */
export function normaliseName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

export function matchSystems<T extends { name: string }>(systems: readonly T[], query: string): T[] {
  const needle = normaliseName(query);
  if (needle === '') return [];
  return systems.filter((system) => normaliseName(system.name).includes(needle));
}
