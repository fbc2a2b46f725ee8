/** The five module screens and what each one allows (SPEC 2, GAME_RULES 6). */
export type ModuleKind = 'factories' | 'buildings' | 'ships' | 'defenses' | 'researchs';

export interface ModuleKindInfo {
  kind: ModuleKind;
  /** Construction `type_id` of the kind's queue. */
  typeId: 1 | 2 | 3 | 4 | 5;
  /** Levels (factories, buildings, research) or owned counts ordered in a quantity. */
  units: boolean;
  demolish: boolean;
  cancel: boolean;
  requirements: boolean;
  /** Damages and layers tabs. */
  combat: boolean;
  /** The screen's route, for links. */
  route: string;
  /** Folder of the item pictures under /images. */
  imageFolder: ImageFolder;
}

export type ImageFolder = 'factories' | 'resources' | 'buildings' | 'ships' | 'defenses' | 'research';

export const MODULE_KINDS: Record<ModuleKind, ModuleKindInfo> = {
  factories: {
    kind: 'factories',
    typeId: 1,
    units: false,
    demolish: true,
    cancel: true,
    requirements: false,
    combat: false,
    route: '/planet/factories',
    imageFolder: 'factories',
  },
  buildings: {
    kind: 'buildings',
    typeId: 2,
    units: false,
    demolish: true,
    cancel: true,
    requirements: true,
    combat: false,
    route: '/planet/buildings',
    imageFolder: 'buildings',
  },
  ships: {
    kind: 'ships',
    typeId: 3,
    units: true,
    demolish: false,
    cancel: false,
    requirements: true,
    combat: true,
    route: '/planet/ships',
    imageFolder: 'ships',
  },
  defenses: {
    kind: 'defenses',
    typeId: 4,
    units: true,
    demolish: false,
    cancel: false,
    requirements: true,
    combat: true,
    route: '/planet/defenses',
    imageFolder: 'defenses',
  },
  researchs: {
    kind: 'researchs',
    typeId: 5,
    units: false,
    demolish: false,
    cancel: true,
    requirements: true,
    combat: false,
    route: '/account/research',
    imageFolder: 'research',
  },
};
