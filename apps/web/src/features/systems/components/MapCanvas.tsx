import { ActionIcon, Stack, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconArrowsMaximize, IconMinus, IconPlus } from '@tabler/icons-react';
import { select } from 'd3-selection';
import 'd3-transition';
import { zoom, zoomIdentity, zoomTransform, type D3ZoomEvent, type ZoomBehavior } from 'd3-zoom';
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemListItem } from '../api/get-systems';
import type { RouteDrawing } from '../model/route-drawing';
import type { MapTransform, Point } from '../model/types';
import {
  cssLayerTransform,
  fitTransform,
  focusTransform,
  LABEL_ZOOM,
  layerStillCovers,
  layerTransform,
  BUTTON_ZOOM,
  wheelDelta,
  ZOOM_MAX,
  ZOOM_MIN,
} from '../model/zoom';
import { MatchLayer, RouteLayer, StaticLayer } from './MapLayers';
import { SystemTooltip } from './SystemTooltip';
import classes from './systems-map.module.css';

const FIT_PADDING = 32;
/** How far beyond each side of the view the map layers are drawn, so a pan reveals drawn systems. */
const LAYER_MARGIN = 400;
const ANIMATION_MS = 450;

interface TooltipState {
  system: SystemListItem;
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
}

function systemNodeOf(target: EventTarget): { id: number; element: Element } | null {
  if (!(target instanceof Element)) return null;
  const element = target.closest('[data-system-id]');
  const id = element?.getAttribute('data-system-id');
  return element && id ? { id: Number(id), element } : null;
}

export function MapCanvas({ systems, matches, route, focus, tapToInspect, onOpen }: MapCanvasProps) {
  const { t } = useTranslation('systems');
  const { ref: sizeRef, width, height } = useElementSize<HTMLDivElement>();
  const surfaceRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const worldRef = useRef<SVGGElement>(null);
  const overlayRef = useRef<SVGSVGElement>(null);
  const overlayWorldRef = useRef<SVGGElement>(null);
  const behaviourRef = useRef<ZoomBehavior<HTMLDivElement, unknown> | null>(null);
  const [tooltip, setTooltip] = useState<TooltipState | null>(null);
  const byId = useMemo(() => new Map(systems.map((system) => [system.id, system])), [systems]);
  const hasSize = width > 0 && height > 0;

  // Pan and zoom never go through React, and a gesture does not redraw the thousands of shapes
  // on every frame: software rasterisation of the whole map takes 30-50 ms, moving an already
  // drawn layer a fraction of that. The two <svg> layers (systems and gates; matches and route)
  // are drawn LAYER_MARGIN pixels beyond each side of the view and, while a gesture lasts, move as
  // composited pictures under a CSS transform. The new transform is drawn into the SVG when the
  // gesture ends, or earlier when the picture no longer covers the view or would turn blurry.
  useEffect(() => {
    const surface = surfaceRef.current;
    const svg = svgRef.current;
    const world = worldRef.current;
    const overlay = overlayRef.current;
    const overlayWorld = overlayWorldRef.current;
    if (!surface || !svg || !world || !overlay || !overlayWorld) return;
    let drawn: MapTransform = { x: 0, y: 0, k: 1 };
    let current: MapTransform = drawn;
    const layers = [svg, overlay];
    const draw = () => {
      drawn = current;
      // The layers start LAYER_MARGIN pixels above and left of the surface the transform is for.
      const value = `translate(${drawn.x + LAYER_MARGIN},${drawn.y + LAYER_MARGIN}) scale(${drawn.k})`;
      world.setAttribute('transform', value);
      overlayWorld.setAttribute('transform', value);
      for (const layer of layers) layer.style.removeProperty('transform');
      // Sizes depend on the scale only: a pan must not restyle a thousand nodes.
      for (const layer of layers) layer.style.setProperty('--map-k', String(drawn.k));
      svg.dataset.labels = drawn.k >= LABEL_ZOOM ? 'on' : 'off';
    };
    draw();
    const behaviour = zoom<HTMLDivElement, unknown>()
      .scaleExtent([ZOOM_MIN, ZOOM_MAX])
      .wheelDelta(wheelDelta)
      .on('start', () => setTooltip((previous) => (previous?.pinned ? previous : null)))
      .on('zoom', (event: D3ZoomEvent<HTMLDivElement, unknown>) => {
        const { x, y, k } = event.transform;
        current = { x, y, k };
        const layer = layerTransform(drawn, current);
        const view = { width: surface.clientWidth, height: surface.clientHeight };
        if (!layerStillCovers(layer, view, LAYER_MARGIN)) {
          draw();
          return;
        }
        const css = cssLayerTransform(layer);
        for (const element of layers) element.style.transform = css;
      })
      .on('end', draw);
    behaviourRef.current = behaviour;
    const selection = select(surface);
    // Double-click would zoom by 2, outside the wheel steps of the spec, and clash with opening.
    selection.call(behaviour).on('dblclick.zoom', null);
    return () => {
      selection.interrupt().on('.zoom', null);
      behaviourRef.current = null;
    };
  }, []);

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
  const positions = useMemo(() => systems.map((system) => system.position), [systems]);
  const fitAll = useCallback(
    (animate: boolean) => moveTo(fitTransform(positions, viewport, FIT_PADDING), animate),
    [moveTo, positions, viewport],
  );

  // The first frame with a size shows the whole universe; later resizes keep the player's view.
  const fitted = useRef(false);
  useEffect(() => {
    if (!hasSize || fitted.current || positions.length === 0) return;
    fitted.current = true;
    fitAll(false);
  }, [hasSize, fitAll, positions.length]);

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

  // Anchored on the node rather than the pointer, so the tooltip does not jitter and a tap
  // places it the same way as a hover.
  const showTooltip = useCallback(
    (node: { id: number; element: Element }, pinned: boolean) => {
      const system = byId.get(node.id);
      const surface = surfaceRef.current;
      if (!system || !surface) return;
      // The surface never moves with the map, unlike the <svg> layers during a gesture.
      const box = surface.getBoundingClientRect();
      const nodeBox = node.element.getBoundingClientRect();
      setTooltip({
        system,
        x: nodeBox.left + nodeBox.width / 2 - box.left,
        y: nodeBox.top + nodeBox.height / 2 - box.top,
        pinned,
      });
    },
    [byId],
  );

  const onPointerOver = (event: PointerEvent<SVGGElement>) => {
    if (tapToInspect || event.pointerType === 'touch') return;
    const node = systemNodeOf(event.target);
    if (node) showTooltip(node, false);
  };
  const onPointerOut = (event: PointerEvent<SVGGElement>) => {
    if (tapToInspect || event.pointerType === 'touch') return;
    if (systemNodeOf(event.target)) setTooltip((current) => (current?.pinned ? current : null));
  };
  const onClick = (event: MouseEvent<SVGGElement>) => {
    const node = systemNodeOf(event.target);
    if (!node) return;
    if (tapToInspect) showTooltip(node, true);
    else onOpen(node.id);
  };

  return (
    <div ref={sizeRef} className={classes.canvas}>
      <div
        ref={surfaceRef}
        className={classes.surface}
        data-testid="systems-map"
        role="img"
        aria-label={t('map.ariaLabel')}
        onClick={(event) => {
          if (!systemNodeOf(event.target)) setTooltip(null);
        }}
      >
        <svg ref={svgRef} className={classes.svg} data-labels="off">
          <g
            ref={worldRef}
            data-testid="map-world"
            onPointerOver={onPointerOver}
            onPointerOut={onPointerOut}
            onClick={onClick}
          >
            <StaticLayer systems={systems} />
          </g>
        </svg>
        {/* A layer of its own, so the pulsing search rings never make the browser redraw the map. */}
        <svg ref={overlayRef} className={`${classes.svg} ${classes.overlay}`} aria-hidden>
          <g ref={overlayWorldRef}>
            <MatchLayer systems={matches} />
            <RouteLayer drawing={route} />
          </g>
        </svg>
      </div>
      {tooltip ? (
        <SystemTooltip
          system={tooltip.system}
          x={tooltip.x}
          y={tooltip.y}
          containerWidth={width}
          containerHeight={height}
          pinned={tooltip.pinned}
          onOpen={() => onOpen(tooltip.system.id)}
          onClose={() => setTooltip(null)}
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
