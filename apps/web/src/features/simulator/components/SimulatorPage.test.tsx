import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import type { SimulationRunner } from '../model/runner';
import type { SimulationSetup } from '../model/setup';
import { simulateBattles, type SimulationSummary } from '../model/simulate';
import { SimulatorPage } from './SimulatorPage';

/** A runner the test drives: it records each start and settles when told. */
function controlledRunner() {
  const runs: {
    setup: SimulationSetup;
    progress: (done: number, total: number) => void;
    resolve: (summary: SimulationSummary) => void;
    cancelled: boolean;
  }[] = [];
  const runner: SimulationRunner = (setup, progress) => {
    let resolve: (summary: SimulationSummary) => void = () => undefined;
    const result = new Promise<SimulationSummary>((settle) => {
      resolve = settle;
    });
    const run = { setup, progress, resolve, cancelled: false };
    runs.push(run);
    return { result, cancel: () => void (run.cancelled = true) };
  };
  return { runner, runs };
}

/** Runs the real simulation synchronously, as the worker would. */
const directRunner: SimulationRunner = (setup, progress) => ({
  result: Promise.resolve(simulateBattles(setup, progress)),
  cancel: () => undefined,
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const runButton = () => screen.getByRole('button', { name: 'Simuler' });

describe('SimulatorPage', () => {
  it('enables the run only with a unit on each side and every field within its limits', () => {
    renderWithApp(<SimulatorPage runner={controlledRunner().runner} />);
    expect(runButton()).toBeDisabled();
    expect(screen.getAllByText('Donnez au moins une unité à ce camp.')).toHaveLength(2);

    type('Attaquant : Chasseur léger', '10');
    expect(runButton()).toBeDisabled();
    // A sentence of its own under the defender's header (a badge beside the title was cut on phones).
    const defender = screen.getByRole('region', { name: 'Défenseur' });
    expect(within(defender).getByRole('alert')).toHaveTextContent('Donnez au moins une unité à ce camp.');
    type('Défenseur : Lanceur de missiles', '5');
    expect(runButton()).toBeEnabled();
    expect(screen.queryByText('Donnez au moins une unité à ce camp.')).not.toBeInTheDocument();

    type('Attaquant : Chasseur léger', '10000001');
    expect(runButton()).toBeDisabled();
    expect(screen.getByText('Un nombre entier de 0 à 10 000 000')).toBeInTheDocument();
    type('Attaquant : Chasseur léger', '10000000');
    expect(runButton()).toBeEnabled();

    type('Défenseur : Boucliers', '31');
    expect(screen.getByText('Un niveau de 0 à 30')).toBeInTheDocument();
    expect(runButton()).toBeDisabled();
    type('Défenseur : Boucliers', '30');
    expect(runButton()).toBeEnabled();

    for (const [runs, valid] of [
      ['0', false],
      ['201', false],
      ['', false],
      ['1', true],
      ['200', true],
    ] as const) {
      type('Combats', runs);
      if (valid) expect(runButton(), runs).toBeEnabled();
      else expect(runButton(), runs).toBeDisabled();
    }
  });

  it('ignores the units of the race not selected for a side', () => {
    renderWithApp(<SimulatorPage runner={controlledRunner().runner} />);
    type('Attaquant : Chasseur léger', '10');
    type('Défenseur : Lanceur de missiles', '5');
    fireEvent.click(within(screen.getByRole('region', { name: 'Défenseur' })).getByText('Insectoïde'));
    expect(screen.getByLabelText('Défenseur : Lance-épines')).toBeInTheDocument();
    expect(runButton()).toBeDisabled();
  });

  it('runs with the typed setup, shows progress, and stops when an input changes', async () => {
    const { runner, runs } = controlledRunner();
    renderWithApp(<SimulatorPage runner={runner} />);
    type('Attaquant : Chasseur léger', '10');
    type('Défenseur : Lanceur de missiles', '5');
    type('Attaquant : Technologie des armes', '3');
    type('Stock du défenseur : Métal', '1000');
    type('Combats', '20');
    fireEvent.click(runButton());
    expect(runs).toHaveLength(1);
    expect(runs[0]?.setup).toMatchObject({
      attacker: { race: 1, ships: { 1: 10 }, research: { weapons: 3 } },
      defender: { defenses: { 1: 5 } },
      defenderResources: { metal: 1000, crystal: 0, fuel: 0 },
      runs: 20,
    });
    act(() => runs[0]?.progress(7, 20));
    expect(screen.getByRole('status')).toHaveTextContent('Combat 7 sur 20');
    expect(runButton()).toBeDisabled();

    type('Attaquant : Chasseur léger', '11');
    expect(runs[0]?.cancelled).toBe(true);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // The cancelled run's late answer is ignored.
    await act(async () => {
      runs[0]?.resolve(simulateBattles({ ...runs[0].setup, runs: 1 }));
      await Promise.resolve();
    });
    expect(screen.queryByRole('region', { name: 'Résultats' })).not.toBeInTheDocument();

    fireEvent.click(runButton());
    fireEvent.click(screen.getByRole('button', { name: 'Arrêter' }));
    expect(runs[1]?.cancelled).toBe(true);
    expect(runButton()).toBeEnabled();
  });

  it('shows the percentages, losses, debris and plunder, and marks them out of date after a change', async () => {
    renderWithApp(<SimulatorPage runner={directRunner} />);
    type('Attaquant : Cuirassé', '100');
    type('Attaquant : Grand transporteur', '2');
    type("Défenseur : Sonde d'espionnage", '1');
    type('Stock du défenseur : Cristal', '40000');
    type('Combats', '10');
    fireEvent.click(runButton());
    const results = await screen.findByRole('region', { name: 'Résultats' });
    expect(within(results).getByText('Combats simulés : 10 · rounds en moyenne : 1')).toBeInTheDocument();
    const win = results.querySelector('[data-outcome="win"]') as HTMLElement;
    expect(win).toHaveTextContent(/100\s?%/);
    expect(win).toHaveTextContent('10 / 10');
    expect(results.querySelector('[data-outcome="loss"]')).toHaveTextContent(/0\s?%/);
    // The probe's 1,000 crystal: 30% to the debris; half the defender's 40,000 crystal plundered.
    expect(results.querySelector('[data-row="debris"]')).toHaveTextContent(/300/);
    expect(results.querySelector('[data-row="plunder"]')).toHaveTextContent(/20\s000/);
    expect(results.querySelector('[data-row="defenderLosses"]')).toHaveTextContent(/1\s000/);
    const defender = within(results).getByRole('table', { name: 'Défenseur' });
    expect(within(defender).getByText("Sonde d'espionnage").closest('tr')).toHaveTextContent(
      "Sonde d'espionnage11",
    );
    expect(screen.queryByText('Saisie modifiée depuis')).not.toBeInTheDocument();

    type('Combats', '11');
    expect(screen.getByText('Saisie modifiée depuis')).toBeInTheDocument();
  });

  it("starts both sides with the player's race (the theme's)", () => {
    window.localStorage.setItem('starhold.race', 'robot');
    renderWithApp(<SimulatorPage runner={controlledRunner().runner} />);
    expect(screen.getByLabelText("Attaquant : Chasseur d'essaim")).toBeInTheDocument();
    expect(screen.getByLabelText('Défenseur : Lance-épines')).toBeInTheDocument();
    expect(screen.queryByLabelText('Attaquant : Chasseur léger')).not.toBeInTheDocument();
  });

  it('speaks English', () => {
    renderWithApp(<SimulatorPage runner={controlledRunner().runner} />, { language: 'en' });
    expect(screen.getByRole('heading', { name: 'Combat simulator' })).toBeInTheDocument();
    expect(screen.getByLabelText('Attacker: Light fighter')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Simulate' })).toBeDisabled();
  });
});
