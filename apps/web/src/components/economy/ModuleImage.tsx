import { Image, type ImageProps } from '@mantine/core';
import type { ImageFolder } from './module-kinds';

export const DEFAULT_IMAGE = '/images/default_character.jpg';

/** Highest id with its own picture per folder; any other id shows picture 1. */
const FOLDER_IDS: Record<ImageFolder, number> = {
  factories: 3,
  resources: 3,
  buildings: 5,
  ships: 20,
  defenses: 20,
  research: 17,
};

const SIZES = { xs: 24, sm: 48, md: 96, lg: 180 } as const;
export type ImageSize = keyof typeof SIZES;

function isFolder(folder: string): folder is ImageFolder {
  return Object.hasOwn(FOLDER_IDS, folder);
}

/**
 * Path of a picture by folder and id (SPEC 3). An unknown folder gives the default character.
 * Buildings are drawn per race (issue 26): insectoid ones (race 2) live in buildings/insectoid.
 */
export function imagePath(folder: string, id: number, raceId = 1): string {
  if (!isFolder(folder)) return DEFAULT_IMAGE;
  const valid = Number.isInteger(id) && id >= 1 && id <= FOLDER_IDS[folder];
  const subfolder = folder === 'buildings' && raceId === 2 ? 'buildings/insectoid' : folder;
  return `/images/${subfolder}/${valid ? id : 1}.png`;
}

interface ModuleImageProps extends Omit<ImageProps, 'src' | 'w' | 'h'> {
  folder: string;
  id: number;
  size?: ImageSize;
  alt: string;
  /** The race whose picture shows (buildings differ by race). */
  raceId?: number;
}

export function ModuleImage({ folder, id, size = 'md', alt, raceId, ...props }: ModuleImageProps) {
  const pixels = SIZES[size];
  return (
    <Image
      src={imagePath(folder, id, raceId)}
      fallbackSrc={DEFAULT_IMAGE}
      w={pixels}
      h={pixels}
      alt={alt}
      radius="md"
      loading="lazy"
      {...props}
    />
  );
}
