/**
 * The economy answers' schemas, loaded with a dynamic import on the first module-api call
 * (module-api.ts): building them (and zod) cost tens of milliseconds before the dashboard's
 * first render. The contract's modules are side-effect free for the bundler (vite.config.ts), so
 * this chunk holds these schemas only.
 */
export {
  CancelResultSchema,
  ConstructionSchema,
  DamageSchema,
  LayerSchema,
  ModuleDetailSchema,
  ModuleListSchema,
  RequirementsSchema,
} from '@starhold/contract';
