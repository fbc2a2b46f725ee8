/**
 * The error catalogue: one stable numeric code per key, the HTTP status it goes with, and the
 * texts in French and English. The server answers `{ message, code, i18n_comment }`; the web app
 * translates `errors.<i18n_comment>`.
 */
export const ERROR_CATALOGUE = {
  DEFAULT_ERROR: { code: 1000, status: 500, fr: 'Un problème est survenu', en: 'Something went wrong' },
  SERVER_ERROR: { code: 1001, status: 500, fr: 'Erreur interne du serveur', en: 'Internal server error' },
  VALIDATION_ERROR: { code: 1002, status: 400, fr: 'Données invalides', en: 'Invalid data' },
  UNAUTHORIZED: { code: 1003, status: 401, fr: "Erreur d'authentification", en: 'Authentication error' },
  ERROR_NOT_AUTHORIZED: {
    code: 1004,
    status: 401,
    fr: "Problème d'authentification",
    en: 'Authentication problem',
  },
  CONNECTION_ERROR: {
    code: 1005,
    status: 401,
    fr: 'Email ou mot de passe inconnu',
    en: 'Unknown email or password',
  },
  FORBIDDEN: { code: 1006, status: 403, fr: 'Accès refusé', en: 'Access denied' },
  NOT_FOUND: { code: 1007, status: 404, fr: 'Ressource introuvable', en: 'Resource not found' },
  INSUFFICIENT_RESOURCES: {
    code: 1008,
    status: 422,
    fr: "Vous n'avez pas assez de ressources",
    en: 'You do not have enough resources',
  },
  INSUFFICIENT_NMI: {
    code: 1009,
    status: 422,
    fr: "Vous n'avez pas assez de NMI",
    en: 'You do not have enough NMI',
  },
  QUEUE_FULL: {
    code: 1010,
    status: 409,
    fr: 'La file de construction est pleine',
    en: 'The construction queue is full',
  },
  REQUIREMENTS_NOT_MET: {
    code: 1011,
    status: 409,
    fr: 'Les prérequis ne sont pas remplis',
    en: 'Requirements are not met',
  },
  CAPACITY_FULL: {
    code: 1012,
    status: 409,
    fr: "La planète n'a plus de place",
    en: 'The planet has no room left',
  },
  PENDING_LEVELS: {
    code: 1013,
    status: 409,
    fr: 'Des niveaux sont en attente pour ce module',
    en: 'Levels are queued for this module',
  },
  LEVEL_ZERO: {
    code: 1014,
    status: 409,
    fr: 'Ce module est déjà au niveau 0',
    en: 'This module is already at level 0',
  },
  NOTHING_TO_CANCEL: {
    code: 1015,
    status: 409,
    fr: 'Aucune construction à annuler',
    en: 'Nothing to cancel',
  },
  NOT_CANCELLABLE: {
    code: 1016,
    status: 409,
    fr: 'Cette construction ne peut pas être annulée',
    en: 'This construction cannot be cancelled',
  },
  EMAIL_TAKEN: {
    code: 1017,
    status: 409,
    fr: 'Cet email est déjà utilisé',
    en: 'This email is already in use',
  },
  USERNAME_TAKEN: {
    code: 1018,
    status: 409,
    fr: "Ce nom d'utilisateur est déjà pris",
    en: 'This username is already taken',
  },
  TOO_MANY_REQUESTS: {
    code: 1019,
    status: 429,
    fr: 'Trop de tentatives, réessayez plus tard',
    en: 'Too many attempts, try again later',
  },
  ACCOUNT_SUSPENDED: {
    code: 1020,
    status: 403,
    fr: 'Ce compte est suspendu',
    en: 'This account is suspended',
  },
  PAYLOAD_TOO_LARGE: { code: 1021, status: 413, fr: 'Requête trop volumineuse', en: 'Request too large' },
  UNSUPPORTED_MEDIA_TYPE: {
    code: 1022,
    status: 415,
    fr: 'Le contenu doit être du JSON',
    en: 'The content must be JSON',
  },
  UNIVERSE_FULL: {
    code: 1024,
    status: 409,
    fr: "Il n'y a plus de place pour votre race dans cet univers",
    en: 'There is no room left for your race in this universe',
  },
  ROUTE_NOT_FOUND: {
    code: 1023,
    status: 404,
    fr: 'Aucun chemin entre ces systèmes',
    en: 'No route between these systems',
  },
  // Fleets (FLEETS.md): codes from 1100 so that other additions to the catalogue never collide.
  FLEET_SLOTS_FULL: {
    code: 1100,
    status: 409,
    fr: 'Tous vos emplacements de flotte sont occupés',
    en: 'All your fleet slots are in use',
  },
  NOT_ENOUGH_SHIPS: {
    code: 1101,
    status: 409,
    fr: "Vous n'avez pas assez de vaisseaux sur cette planète",
    en: 'You do not have enough ships on this planet',
  },
  INVALID_FLEET: {
    code: 1102,
    status: 400,
    fr: 'Cette flotte ne peut pas accomplir cette mission',
    en: 'This fleet cannot fly this mission',
  },
  PROTECTED_SPACE: {
    code: 1103,
    status: 409,
    fr: 'Les attaques sont interdites en haute sécurité',
    en: 'Attacks are forbidden in high-security space',
  },
  ORBIT_OCCUPIED: {
    code: 1104,
    status: 409,
    fr: 'Cette orbite est déjà occupée',
    en: 'This orbit is already occupied',
  },
  PLANET_LIMIT: {
    code: 1105,
    status: 409,
    fr: 'Vous avez atteint votre nombre maximum de planètes',
    en: 'You have reached your maximum number of planets',
  },
  NO_DEBRIS: {
    code: 1106,
    status: 409,
    fr: "Il n'y a pas de débris sur cette orbite",
    en: 'There is no debris on this orbit',
  },
  CARGO_TOO_LARGE: {
    code: 1107,
    status: 409,
    fr: 'La cargaison dépasse la soute de la flotte',
    en: "The cargo exceeds the fleet's hold",
  },
  NOT_RECALLABLE: {
    code: 1108,
    status: 409,
    fr: 'Cette flotte ne peut plus être rappelée',
    en: 'This fleet can no longer be recalled',
  },
  INVALID_TARGET: {
    code: 1109,
    status: 409,
    fr: 'Cette cible ne convient pas à cette mission',
    en: 'This target does not suit this mission',
  },
  // A fleet arrival of the account could not be applied yet: transient, answered with Retry-After.
  FLEET_EVENT_PENDING: {
    code: 1110,
    status: 503,
    fr: 'Une arrivée de flotte est en cours de traitement, réessayez dans un instant',
    en: 'A fleet arrival is being applied, try again in a moment',
  },
  // Goals (issue 26): codes 1240-1259.
  GOAL_NOT_DONE: {
    code: 1240,
    status: 409,
    fr: "Cet objectif n'est pas encore atteint",
    en: 'This goal is not reached yet',
  },
  GOAL_ALREADY_CLAIMED: {
    code: 1241,
    status: 409,
    fr: 'La récompense de cet objectif a déjà été reçue',
    en: "This goal's reward was already claimed",
  },
  // Operators (issue 23): codes 1220-1239.
  ADMIN_OPERATORS_ONLY: {
    code: 1220,
    status: 403,
    fr: 'Réservé aux opérateurs du jeu',
    en: 'For game operators only',
  },
  ADMIN_NMI_BELOW_ZERO: {
    code: 1221,
    status: 422,
    fr: "Le compte n'a pas autant de NMI à retirer",
    en: 'The account does not have that much NMI to remove',
  },
  ADMIN_NOT_ON_SELF: {
    code: 1222,
    status: 409,
    fr: 'Un opérateur ne peut pas se suspendre lui-même',
    en: 'An operator cannot suspend their own account',
  },
  ADMIN_ALREADY_SUSPENDED: {
    code: 1223,
    status: 409,
    fr: 'Ce compte est déjà suspendu',
    en: 'This account is already suspended',
  },
  ADMIN_NOT_SUSPENDED: {
    code: 1224,
    status: 409,
    fr: "Ce compte n'est pas suspendu",
    en: 'This account is not suspended',
  },
  NOT_READY: {
    code: 1225,
    status: 503,
    fr: "Le serveur n'est pas prêt",
    en: 'The server is not ready',
  },
  // Accounts (issue 22): codes 1200-1219.
  WRONG_PASSWORD: {
    code: 1200,
    status: 403,
    fr: 'Mot de passe incorrect',
    en: 'Wrong password',
  },
  LINK_INVALID: {
    code: 1201,
    status: 400,
    fr: "Ce lien n'est plus valable (déjà utilisé ou expiré)",
    en: 'This link is no longer valid (already used or expired)',
  },
} as const;

export type ErrorKey = keyof typeof ERROR_CATALOGUE;
export const ERROR_KEYS = Object.keys(ERROR_CATALOGUE) as ErrorKey[];

/** Client-side only keys (never sent by the server), translated by the web app. */
export const CLIENT_ERROR_KEYS = ['NETWORK_ERROR', 'TIMEOUT_ERROR'] as const;

export interface ErrorBody {
  message: string;
  code: number;
  i18n_comment: ErrorKey;
  /** Validation errors: which field failed and why (a key). */
  fields?: Record<string, string>;
}
