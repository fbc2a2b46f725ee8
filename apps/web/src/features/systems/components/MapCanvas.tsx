import { ActionIcon, Stack, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconArrowsMaximize, IconMinus, IconPlus } from '@tabler/icons-react';
import { select } from 'd3-selection';
import 'd3-transition';
import { zoom, zoomIdentity, zoomTransform, type D3ZoomEvent, type ZoomBehavior } from 'd3-zoom';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { securityName } from '../../../lib/names';
import type { SystemListItem } from '../api/get-systems';
import { hostileTracks, ownTracks, type HostileFleetLike, type OwnFleetLike } from '../model/fleet-tracks';
import {
  buildScene,
  clusterAt,
  clusterLevelAt,
  detailAt,
  nodeRadius,
  systemAt,
  LABELS_MIN_SPACING_PX,
  prepareClusterLevel,
  systemsInView,
  systemsZoom,
  type MapScene,
} from '../model/map-scene';
import { EMPTY_ROUTE_DRAWING, type RouteDrawing } from '../model/route-drawing';
import { securityTone } from '../model/security';
import type { MapTransform, Point } from '../model/types';
import {
  BUTTON_ZOOM,
  fitTransform,
  focusTransform,
  LABEL_ZOOM,
  wheelDelta,
  ZOOM_MAX,
  ZOOM_MIN,
} from '../model/zoom';
import {
  drawMap,
  FALLBACK_COLORS,
  labelSprites,
  readColors,
  type LabelSprites,
  type MapColors,
  type MapOverlay,
  type MapRaster,
} from './map-draw';
import { pixelLayer } from './map-raster';
import { SystemTooltip } from './SystemTooltip';
import classes from './systems-map.module.css';

const FIT_PADDING = 32;
const ANIMATION_MS = 450;
/** Pixels a system's dot answers to the pointer beyond its own radius (a finger is wider on phones). */
const HIT_SLOP = 6;
const TOUCH_HIT_SLOP = 12;
/** Systems of the view listed for keyboard and screen reader users. */
const IN_VIEW_LIMIT = 40;
/** Arrow keys move the map by this many pixels. */
const KEY_PAN = 80;
/** Fleets move slowly: their positions are redrawn once a second, not every frame. */
const FLEET_REDRAW_MS = 1000;
/** A warm-up step that finds a gesture under way tries again this much later. */
const WARM_UP_RETRY_MS = 250;
/** The warm-up draws on a detached canvas at most this big (device pixels): enough to compile. */
const WARM_UP_MAX_WIDTH = 640;
const WARM_UP_MAX_HEIGHT = 400;

/** Runs `callback` when the browser is idle (or soon, where it cannot tell); returns a canceller. */
function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 500 });
    return () => window.cancelIdleCallback(handle);
  }
  return later(callback, 16);
}

function later(callback: () => void, ms: number): () => void {
  const handle = window.setTimeout(callback, ms);
  return () => window.clearTimeout(handle);
}

const NO_OVERLAY: MapOverlay = {
  matches: [],
  route: EMPTY_ROUTE_DRAWING,
  own: [],
  hostile: [],
  hover: -1,
  focus: -1,
};

/**
 * The idle warm-up's steps: each cluster grid, then the systems level (as pixels) and the names
 * level drawn on a detached canvas of the map's size, centred on the universe.
 */
function warmUpSteps(
  scene: MapScene,
  canvas: HTMLCanvasElement,
  surface: HTMLElement,
  colors: { current: MapColors },
  phone: boolean,
): (() => void)[] {
  const steps: (() => void)[] = scene.clusterSizes.map((_, index) => () => prepareClusterLevel(scene, index));
  if (surface.clientWidth === 0 || canvas.width === 0) return steps;
  const ratio = canvas.width / surface.clientWidth;
  const width = Math.min(canvas.width, WARM_UP_MAX_WIDTH);
  const height = Math.min(canvas.height, WARM_UP_MAX_HEIGHT);
  const viewport = { width: width / ratio, height: height / ratio };
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < scene.size; i += 1) {
    cx += scene.x[i]! / scene.size;
    cy += scene.y[i]! / scene.size;
  }
  const zoomAt = (k: number): MapTransform => ({
    k,
    x: viewport.width / 2 - cx * k,
    y: viewport.height / 2 - cy * k,
  });
  const systemsK = systemsZoom(scene.spacing) * 1.05;
  const labelsK = Math.max(LABEL_ZOOM, LABELS_MIN_SPACING_PX / scene.spacing) * 1.05;
  let scratch: { ctx: CanvasRenderingContext2D; raster: MapRaster } | null | undefined;
  const draw = (k: number, moving: boolean) => () => {
    if (scratch === undefined) {
      const detached = document.createElement('canvas');
      detached.width = width;
      detached.height = height;
      const ctx = detached.getContext('2d');
      const image = ctx?.createImageData(width, height);
      scratch =
        ctx && image ? { ctx, raster: { image, layer: pixelLayer(width, height, image.data), ratio } } : null;
    }
    if (!scratch) return;
    scratch.ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawMap(
      scratch.ctx,
      scene,
      zoomAt(k),
      viewport,
      colors.current,
      NO_OVERLAY,
      phone,
      moving,
      scratch.raster,
    );
  };
  steps.push(draw(systemsK, true), draw(systemsK * 1.3, true), draw(labelsK, true), draw(labelsK, false));
  return steps;
}

export interface MapFleets {
  own: readonly OwnFleetLike[];
  hostile: readonly HostileFleetLike[];
}

const NO_FLEETS: MapFleets = { own: [], hostile: [] };

interface TooltipState {
  system: SystemListItem;
  /** The system's place in the view when the tooltip opened. */
  x: number;
  y: number;
  pinned: boolean;
}

export interface MapCanvasProps {
  systems: readonly SystemListItem[];
  matches: readonly SystemListItem[];
  route: RouteDrawing;
  /** Systems the map should bring into view (search matches, a found route); a new array moves it. */
  focus: readonly Point[];
  /** Touch screens have no hover: a tap shows the tooltip, its button opens the system. */
  tapToInspect: boolean;
  onOpen: (systemId: number) => void;
  /** Own fleets in flight and hostile fleets heading for the player (GET /me/fleets). */
  fleets?: MapFleets;
}

/**
 * The star map on one <canvas> (decision 185). d3-zoom owns the gestures on a surface that never
 * moves; each gesture event only stores the transform and asks for an animation frame, which
 * draws the level of detail of that zoom: clusters and lanes far out, systems and gates closer,
 * names closer still. React renders only when the hovered system, the tooltip or the list of
 * systems in view changes.
 */
export function MapCanvas({
  systems,
  matches,
  route,
  focus,
  tapToInspect,
  onOpen,
  fleets = NO_FLEETS,
}: MapCanvasProps) {
  const { t } = useTranslation('systems');
  const { ref: sizeRef, width, height } = useElementSize<HTMLDivElement>();
  const surfaceRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const behaviourRef = useRef<ZoomBehavior<HTMLDivElement, unknown> | null>(null);
  const transformRef = useRef<MapTransform>({ x: 0, y: 0, k: 1 });
  const frameRef = useRef<number | null>(null);
  const colorsRef = useRef<MapColors>(FALLBACK_COLORS);
  /** The canvas's pixels for the systems level (decision 168), made again when the canvas is resized. */
  const rasterRef = useRef<MapRaster | null>(null);
  /** The names' bitmaps, kept while the map is shown (decision 168). */
  const spritesRef = useRef<LabelSprites>(labelSprites());
  const hoverRef = useRef(-1);
  /** A gesture is under way (between d3-zoom's start and end). */
  const movingRef = useRef(false);
  const focusedRef = useRef(-1);
  const firstDrawn = useRef(false);
  const [tooltip, setTooltip] = useState<TooltipState | null>(null);
  const [inView, setInView] = useState<number[]>([]);
  const hasSize = width > 0 && height > 0;

  const scene = useMemo(() => buildScene(systems), [systems]);
  const positions = useMemo(() => new Map(systems.map((system) => [system.id, system.position])), [systems]);
  const matchIndexes = useMemo(
    () => matches.flatMap((system) => scene.indexOf.get(system.id) ?? []),
    [matches, scene],
  );
  const hostile = useMemo(() => hostileTracks(fleets.hostile, positions), [fleets.hostile, positions]);

  // What a frame reads, kept in a ref so the frame callback never goes stale and never re-renders.
  const latest = useRef({ scene, matchIndexes, route, hostile, fleets, positions, tapToInspect });
  useLayoutEffect(() => {
    latest.current = { scene, matchIndexes, route, hostile, fleets, positions, tapToInspect };
  });

  const draw = useCallback(function frame() {
    frameRef.current = null;
    const canvas = canvasRef.current;
    const surface = surfaceRef.current;
    if (!canvas || !surface) return;
    const current = latest.current;
    const transform = transformRef.current;
    const viewport = { width: surface.clientWidth, height: surface.clientHeight };
    const ctx = canvas.getContext('2d');
    let detail = detailAt(transform.k, current.scene.spacing);
    if (ctx && viewport.width > 0) {
      const ratio = window.devicePixelRatio || 1;
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      let raster = rasterRef.current;
      if (
        (!raster || raster.image.width !== canvas.width || raster.image.height !== canvas.height) &&
        canvas.width > 0 &&
        canvas.height > 0
      ) {
        const image = ctx.createImageData(canvas.width, canvas.height);
        raster = { image, layer: pixelLayer(image.width, image.height, image.data), ratio };
        rasterRef.current = raster;
      }
      if (raster) raster.ratio = canvas.width / viewport.width;
      detail = drawMap(
        ctx,
        current.scene,
        transform,
        viewport,
        colorsRef.current,
        {
          matches: current.matchIndexes,
          route: current.route,
          own: ownTracks(current.fleets.own, current.positions, Date.now()),
          hostile: current.hostile,
          hover: hoverRef.current,
          focus: focusedRef.current,
        },
        current.tapToInspect,
        movingRef.current,
        raster ?? undefined,
        spritesRef.current,
      );
      if (!firstDrawn.current && current.scene.size > 0) {
        firstDrawn.current = true;
        performance.mark('starhold:map-drawn');
      }
    }
    // Names left without their bitmap by this frame's budget come in the next frames.
    if (spritesRef.current.pending && frameRef.current === null)
      frameRef.current = requestAnimationFrame(frame);
    // What the frame shows, for tests and the bench (the canvas itself has no DOM to query).
    surface.dataset.transform = `${transform.x},${transform.y},${transform.k}`;
    surface.dataset.detail = detail;
  }, []);

  const schedule = useCallback(() => {
    if (frameRef.current === null) frameRef.current = requestAnimationFrame(draw);
  }, [draw]);

  useEffect(
    () => () => {
      if (frameRef.current !== null) cancelAnimationFrame(frameRef.current);
    },
    [],
  );

  const refreshInView = useCallback(() => {
    const surface = surfaceRef.current;
    if (!surface) return;
    const viewport = { width: surface.clientWidth, height: surface.clientHeight };
    const next = systemsInView(latest.current.scene, transformRef.current, viewport, IN_VIEW_LIMIT);
    setInView((previous) =>
      previous.length === next.length && previous.every((value, index) => value === next[index])
        ? previous
        : next,
    );
  }, []);

  useEffect(() => {
    const surface = surfaceRef.current;
    if (!surface) return;
    const behaviour = zoom<HTMLDivElement, unknown>()
      .scaleExtent([ZOOM_MIN, ZOOM_MAX])
      .wheelDelta(wheelDelta)
      .on('start', () => {
        movingRef.current = true;
        setTooltip((previous) => (previous?.pinned ? previous : null));
      })
      .on('zoom', (event: D3ZoomEvent<HTMLDivElement, unknown>) => {
        const { x, y, k } = event.transform;
        transformRef.current = { x, y, k };
        schedule();
      })
      .on('end', () => {
        movingRef.current = false;
        schedule();
        refreshInView();
      });
    behaviourRef.current = behaviour;
    const selection = select(surface);
    // Double-click would zoom by 2, outside the wheel steps of the spec, and clash with opening.
    selection.call(behaviour).on('dblclick.zoom', null);
    return () => {
      selection.interrupt().on('.zoom', null);
      behaviourRef.current = null;
    };
  }, [schedule, refreshInView]);

  // The canvas holds device pixels; a new size (or theme) redraws at once.
  useEffect(() => {
    const canvas = canvasRef.current;
    const surface = surfaceRef.current;
    if (!canvas || !surface || !hasSize) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    colorsRef.current = readColors(surface);
    schedule();
    refreshInView();
  }, [width, height, hasSize, schedule, refreshInView]);

  // New systems, matches, route or fleets: one more frame.
  useEffect(() => {
    schedule();
  }, [scene, matchIndexes, route, hostile, fleets, tapToInspect, schedule]);
  useEffect(() => refreshInView(), [scene, refreshInView]);

  // Once per list, right after the first frame and while the browser is idle: build every cluster
  // grid, and draw the systems level and the names once off screen, so that the first zoom across
  // a level does not also build a grid, compile the pixel drawing or lay out the first names in that
  // frame (decision 168). One step per idle callback, none while a gesture lasts.
  useEffect(() => {
    const canvas = canvasRef.current;
    const surface = surfaceRef.current;
    if (!hasSize || !canvas || !surface || scene.size === 0) return;
    const steps = warmUpSteps(scene, canvas, surface, colorsRef, tapToInspect);
    let cancel: (() => void) | null = null;
    const next = (): void => {
      if (steps.length === 0) return;
      cancel = whenIdle(() => {
        cancel = null;
        if (movingRef.current) {
          cancel = later(next, WARM_UP_RETRY_MS);
          return;
        }
        steps.shift()?.();
        next();
      });
    };
    next();
    return () => cancel?.();
  }, [scene, hasSize, tapToInspect]);

  useEffect(() => {
    if (fleets.own.length === 0) return;
    const timer = window.setInterval(schedule, FLEET_REDRAW_MS);
    return () => window.clearInterval(timer);
  }, [fleets.own.length, schedule]);

  const moveTo = useCallback((target: MapTransform, animate: boolean) => {
    const surface = surfaceRef.current;
    const behaviour = behaviourRef.current;
    if (!surface || !behaviour) return;
    const transform = zoomIdentity.translate(target.x, target.y).scale(target.k);
    if (animate)
      select(surface)
        .transition()
        .duration(ANIMATION_MS)
        .call((transition) => behaviour.transform(transition, transform));
    else select(surface).call((selection) => behaviour.transform(selection, transform));
  }, []);

  const zoomStep = useCallback((factor: number) => {
    const surface = surfaceRef.current;
    const behaviour = behaviourRef.current;
    if (surface && behaviour)
      select(surface)
        .transition()
        .duration(200)
        .call((transition) => behaviour.scaleBy(transition, factor));
  }, []);

  const viewport = useMemo(() => ({ width, height }), [width, height]);
  const allPositions = useMemo(() => systems.map((system) => system.position), [systems]);
  const fitAll = useCallback(
    (animate: boolean) => moveTo(fitTransform(allPositions, viewport, FIT_PADDING), animate),
    [moveTo, allPositions, viewport],
  );

  // The first frame with a size shows the whole universe; later resizes keep the player's view.
  const fitted = useRef(false);
  useEffect(() => {
    if (!hasSize || fitted.current || allPositions.length === 0) return;
    fitted.current = true;
    fitAll(false);
  }, [hasSize, fitAll, allPositions.length]);

  const appliedFocus = useRef<readonly Point[] | null>(null);
  useEffect(() => {
    const surface = surfaceRef.current;
    // Applied once per new focus, also when the map only gets a size later (mobile toggle), so
    // resizing the window never pulls the view back to old matches.
    if (!surface || !hasSize || focus.length === 0 || appliedFocus.current === focus) return;
    appliedFocus.current = focus;
    const target = focusTransform(focus, viewport, zoomTransform(surface).k);
    if (target) moveTo(target, true);
  }, [focus, hasSize, viewport, moveTo]);

  const pointIn = (event: { clientX: number; clientY: number }) => {
    const box = surfaceRef.current?.getBoundingClientRect();
    return { x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) };
  };

  /** The system under a point: any drawn system, or only own ones while the map shows clusters. */
  const hit = (point: Point, touch: boolean): number => {
    const transform = transformRef.current;
    const clusters = detailAt(transform.k, scene.spacing) === 'clusters';
    const radius = nodeRadius(transform.k, scene.spacing, tapToInspect) * 1.7;
    return systemAt(scene, transform, point, radius + (touch ? TOUCH_HIT_SLOP : HIT_SLOP), clusters);
  };

  /** A tooltip anchored on the system's dot in the view as drawn now. */
  const tooltipOf = (index: number, pinned: boolean): TooltipState | null => {
    const system = systems[index];
    if (!system) return null;
    const { x, y, k } = transformRef.current;
    return { system, x: scene.x[index]! * k + x, y: scene.y[index]! * k + y, pinned };
  };

  const setHover = (index: number) => {
    if (hoverRef.current === index) return;
    hoverRef.current = index;
    schedule();
  };

  // Mouse events rather than pointer events: a finger's tap is handled by the click (tapToInspect).
  const onMouseMove = (event: MouseEvent<HTMLDivElement>) => {
    if (tapToInspect || event.buttons !== 0) return;
    const index = hit(pointIn(event), false);
    if (index === hoverRef.current) return;
    setHover(index);
    const next = tooltipOf(index, false);
    setTooltip((current) => (current?.pinned ? current : next));
    if (surfaceRef.current) surfaceRef.current.style.cursor = index >= 0 ? 'pointer' : '';
  };

  const onMouseLeave = () => {
    setHover(-1);
    setTooltip((current) => (current?.pinned ? current : null));
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const point = pointIn(event);
    const touch = tapToInspect;
    const index = hit(point, touch);
    const system = systems[index];
    if (system) {
      if (tapToInspect) {
        setHover(index);
        setTooltip(tooltipOf(index, true));
      } else onOpen(system.id);
      return;
    }
    setTooltip(null);
    setHover(-1);
    // A cluster opens onto its systems: centred, at the zoom where they are drawn one by one.
    const transform = transformRef.current;
    if (detailAt(transform.k, scene.spacing) !== 'clusters') return;
    const level = clusterLevelAt(scene, transform.k);
    const cell = level ? clusterAt(level, transform, point) : -1;
    if (!level || cell < 0) return;
    const k = Math.min(ZOOM_MAX, systemsZoom(scene.spacing) * 1.25);
    moveTo({ k, x: width / 2 - level.x[cell]! * k, y: height / 2 - level.y[cell]! * k }, true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const surface = surfaceRef.current;
    const behaviour = behaviourRef.current;
    if (!surface || !behaviour || event.target !== surface) return;
    const pan: Record<string, [number, number]> = {
      ArrowLeft: [KEY_PAN, 0],
      ArrowRight: [-KEY_PAN, 0],
      ArrowUp: [0, KEY_PAN],
      ArrowDown: [0, -KEY_PAN],
    };
    const move = pan[event.key];
    if (move) {
      const k = transformRef.current.k;
      select(surface).call((selection) => behaviour.translateBy(selection, move[0] / k, move[1] / k));
      refreshInView();
    } else if (event.key === '+' || event.key === '=') zoomStep(BUTTON_ZOOM);
    else if (event.key === '-' || event.key === '_') zoomStep(1 / BUTTON_ZOOM);
    else if (event.key === '0') fitAll(true);
    else return;
    event.preventDefault();
  };

  return (
    <div ref={sizeRef} className={classes.canvas}>
      <div
        ref={surfaceRef}
        className={classes.surface}
        data-testid="systems-map"
        role="application"
        aria-label={t('map.ariaLabel')}
        aria-describedby="systems-map-keys"
        tabIndex={0}
        onMouseMove={onMouseMove}
        onMouseLeave={onMouseLeave}
        onClick={onClick}
        onKeyDown={onKeyDown}
        data-route-start={route.start?.id}
        data-route-end={route.end?.id}
        data-route-segments={route.segments.length}
        data-matches={matches.map((system) => system.id).join(',')}
        data-fleets={`${fleets.own.length}:${hostile.length}`}
      >
        <canvas ref={canvasRef} className={classes.layer} aria-hidden />
      </div>
      <p id="systems-map-keys" className={classes.visuallyHidden}>
        {t('map.keys')}
      </p>
      {/* The systems of the view as buttons: the map's content for the keyboard and screen readers. */}
      <ul className={classes.inView} aria-label={t('map.inView')} data-testid="map-systems-in-view">
        {inView.map((index) => {
          const system = systems[index];
          if (!system) return null;
          return (
            <li key={system.id}>
              <button
                type="button"
                className={classes.inViewButton}
                data-system-id={system.id}
                data-security={securityTone(system.security.name)}
                onFocus={() => {
                  focusedRef.current = index;
                  schedule();
                  setTooltip(tooltipOf(index, false));
                }}
                onBlur={() => {
                  focusedRef.current = -1;
                  schedule();
                  setTooltip((current) => (current?.pinned ? current : null));
                }}
                onClick={() => onOpen(system.id)}
              >
                {system.name} · {securityName(t, system.security.name)}
              </button>
            </li>
          );
        })}
      </ul>
      {tooltip ? (
        <SystemTooltip
          system={tooltip.system}
          x={tooltip.x}
          y={tooltip.y}
          containerWidth={width}
          containerHeight={height}
          pinned={tooltip.pinned}
          onOpen={() => onOpen(tooltip.system.id)}
          onClose={() => {
            setTooltip(null);
            setHover(-1);
          }}
        />
      ) : null}
      <Stack className={classes.controls} gap={6}>
        <Tooltip label={t('map.zoomIn')} position="left">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('map.zoomIn')}
            onClick={() => zoomStep(BUTTON_ZOOM)}
          >
            <IconPlus size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('map.zoomOut')} position="left">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('map.zoomOut')}
            onClick={() => zoomStep(1 / BUTTON_ZOOM)}
          >
            <IconMinus size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('map.fit')} position="left">
          <ActionIcon variant="default" size="lg" aria-label={t('map.fit')} onClick={() => fitAll(true)}>
            <IconArrowsMaximize size={18} />
          </ActionIcon>
        </Tooltip>
      </Stack>
    </div>
  );
}
