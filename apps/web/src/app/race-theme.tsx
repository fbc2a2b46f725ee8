import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { readStoredRace, storeRace, type ThemeRace } from '../lib/settings';

interface RaceThemeValue {
  race: ThemeRace;
  setRace: (race: ThemeRace) => void;
}

const RaceThemeContext = createContext<RaceThemeValue | undefined>(undefined);

/** The colour theme follows the logged-in player's race and is remembered for the next visit. */
export function RaceThemeProvider({
  children,
  initialRace,
}: {
  children: ReactNode;
  initialRace?: ThemeRace;
}) {
  const [race, setRaceState] = useState<ThemeRace>(() => initialRace ?? readStoredRace());
  const setRace = useCallback((next: ThemeRace) => {
    storeRace(next);
    setRaceState(next);
  }, []);
  const value = useMemo(() => ({ race, setRace }), [race, setRace]);
  return <RaceThemeContext.Provider value={value}>{children}</RaceThemeContext.Provider>;
}

export function useRaceTheme(): RaceThemeValue {
  const value = useContext(RaceThemeContext);
  if (!value) throw new Error('useRaceTheme must be used inside RaceThemeProvider');
  return value;
}
