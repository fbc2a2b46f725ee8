import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE, imagePath } from './ModuleImage';

describe('imagePath', () => {
  it('uses the id inside the valid range of each folder', () => {
    expect(imagePath('factories', 3)).toBe('/images/factories/3.png');
    expect(imagePath('resources', 2)).toBe('/images/resources/2.png');
    expect(imagePath('buildings', 5)).toBe('/images/buildings/5.png');
  });

  it('falls back to picture 1 for any other id', () => {
    expect(imagePath('factories', 4)).toBe('/images/factories/1.png');
    expect(imagePath('buildings', 0)).toBe('/images/buildings/1.png');
    expect(imagePath('resources', 1.5)).toBe('/images/resources/1.png');
  });

  it('gives the default character for an unknown folder', () => {
    expect(imagePath('planets', 1)).toBe(DEFAULT_IMAGE);
    expect(DEFAULT_IMAGE).toBe('/images/default_character.jpg');
  });

  it('shows insectoid buildings with their own pictures, every other folder alike for both races', () => {
    expect(imagePath('buildings', 3, 2)).toBe('/images/buildings/insectoid/3.png');
    expect(imagePath('buildings', 9, 2)).toBe('/images/buildings/insectoid/1.png');
    expect(imagePath('buildings', 3, 1)).toBe('/images/buildings/3.png');
    expect(imagePath('factories', 2, 2)).toBe('/images/factories/2.png');
  });
});
