/** The minimal shapes the map logic needs; the API types of ../api satisfy them structurally. */
export interface Point {
  x: number;
  y: number;
}

export interface MapSystem {
  id: number;
  name: string;
  position: Point;
  security: { name: string };
  connections: readonly number[];
  has_own_planet: boolean;
}

export interface RouteHop {
  id: number;
  name: string;
  security: { name: string };
}

export interface Viewport {
  width: number;
  height: number;
}

/** A zoom transform in d3's convention: screen = world * k + (x, y). */
export interface MapTransform {
  x: number;
  y: number;
  k: number;
}
