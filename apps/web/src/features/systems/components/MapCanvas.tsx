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
  fitTransform,
  focusTransform,
  LABEL_ZOOM,
  BUTTON_ZOOM,
  wheelDelta,
  ZOOM_MAX,
  ZOOM_MIN,
} from '../model/zoom';
import { MatchLayer, RouteLayer, StaticLayer } from './MapLayers';
import { SystemTooltip } from './SystemTooltip';
import classes from './systems-map.module.css';

const FIT_PADDING = 32;
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
  const svgRef = useRef<SVGSVGElement>(null);
  const worldRef = useRef<SVGGElement>(null);
  const behaviourRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const [tooltip, setTooltip] = useState<TooltipState | null>(null);
  const byId = useMemo(() => new Map(systems.map((system) => [system.id, system])), [systems]);
  const hasSize = width > 0 && height > 0;

  // Pan and zoom never go through React: d3-zoom writes the transform on one <g>, so a gesture
  // over a thousand systems costs one attribute write per frame and no re-render.
  useEffect(() => {
    const svg = svgRef.current;
    const world = worldRef.current;
    if (!svg || !world) return;
    let scale = Number.NaN;
    const behaviour = zoom<SVGSVGElement, unknown>()
      .scaleExtent([ZOOM_MIN, ZOOM_MAX])
      .wheelDelta(wheelDelta)
      .on('start', () => setTooltip((current) => (current?.pinned ? current : null)))
      .on('zoom', (event: D3ZoomEvent<SVGSVGElement, unknown>) => {
        const { transform } = event;
        world.setAttribute('transform', transform.toString());
        // Sizes depend on the scale only: a pan must not restyle a thousand nodes.
        if (transform.k !== scale) {
          scale = transform.k;
          svg.style.setProperty('--map-k', String(scale));
          svg.dataset.labels = scale >= LABEL_ZOOM ? 'on' : 'off';
        }
      });
    behaviourRef.current = behaviour;
    const selection = select(svg);
    // Double-click would zoom by 2, outside the wheel steps of the spec, and clash with opening.
    selection.call(behaviour).on('dblclick.zoom', null);
    return () => {
      selection.interrupt().on('.zoom', null);
      behaviourRef.current = null;
    };
  }, []);

  const moveTo = useCallback((target: MapTransform, animate: boolean) => {
    const svg = svgRef.current;
    const behaviour = behaviourRef.current;
    if (!svg || !behaviour) return;
    const transform = zoomIdentity.translate(target.x, target.y).scale(target.k);
    if (animate) select(svg).transition().duration(ANIMATION_MS).call(behaviour.transform, transform);
    else select(svg).call(behaviour.transform, transform);
  }, []);

  const zoomStep = useCallback((factor: number) => {
    const svg = svgRef.current;
    const behaviour = behaviourRef.current;
    if (svg && behaviour) select(svg).transition().duration(200).call(behaviour.scaleBy, factor);
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
    const svg = svgRef.current;
    // Applied once per new focus, also when the map only gets a size later (mobile toggle), so
    // resizing the window never pulls the view back to old matches.
    if (!svg || !hasSize || focus.length === 0 || appliedFocus.current === focus) return;
    appliedFocus.current = focus;
    const target = focusTransform(focus, viewport, zoomTransform(svg).k);
    if (target) moveTo(target, true);
  }, [focus, hasSize, viewport, moveTo]);

  // Anchored on the node rather than the pointer, so the tooltip does not jitter and a tap
  // places it the same way as a hover.
  const showTooltip = useCallback(
    (node: { id: number; element: Element }, pinned: boolean) => {
      const system = byId.get(node.id);
      const svg = svgRef.current;
      if (!system || !svg) return;
      const box = svg.getBoundingClientRect();
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
      <svg
        ref={svgRef}
        className={classes.svg}
        data-testid="systems-map"
        data-labels="off"
        role="img"
        aria-label={t('map.ariaLabel')}
        onClick={(event) => {
          if (event.target === svgRef.current) setTooltip(null);
        }}
      >
        <g ref={worldRef} data-testid="map-world" onPointerOver={onPointerOver} onPointerOut={onPointerOut} onClick={onClick}>
          <StaticLayer systems={systems} />
          <MatchLayer systems={matches} />
          <RouteLayer drawing={route} />
        </g>
      </svg>
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
          <ActionIcon variant="default" size="lg" aria-label={t('map.zoomIn')} onClick={() => zoomStep(BUTTON_ZOOM)}>
            <IconPlus size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('map.zoomOut')} position="left">
          <ActionIcon variant="default" size="lg" aria-label={t('map.zoomOut')} onClick={() => zoomStep(1 / BUTTON_ZOOM)}>
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
