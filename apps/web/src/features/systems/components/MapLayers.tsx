import { memo } from 'react';
import type { SystemListItem } from '../api/get-systems';
import { gateEdges } from '../model/map-geometry';
import type { RouteDrawing } from '../model/route-drawing';
import { securityTone } from '../model/security';
import classes from './systems-map.module.css';

export const NODE_RADIUS = 6;

/**
 * Systems, gates and names never change while the map is open, so this layer renders once per
 * list and stays out of every later render (hover, search, route, zoom).
 */
export const StaticLayer = memo(function StaticLayer({ systems }: { systems: readonly SystemListItem[] }) {
  const edges = gateEdges(systems);
  return (
    <>
      <g>
        {edges.map((edge) => (
          <line
            key={edge.key}
            className={classes.edge}
            x1={edge.from.x}
            y1={edge.from.y}
            x2={edge.to.x}
            y2={edge.to.y}
          />
        ))}
      </g>
      <g>
        {systems.map((system) =>
          system.has_own_planet ? (
            <circle
              key={system.id}
              className={classes.own}
              cx={system.position.x}
              cy={system.position.y}
              r={NODE_RADIUS + 4}
              data-own-system={system.id}
            />
          ) : null,
        )}
      </g>
      <g>
        {systems.map((system) => (
          <circle
            key={system.id}
            className={`${classes.node} ${classes[securityTone(system.security.name)]}`}
            cx={system.position.x}
            cy={system.position.y}
            r={NODE_RADIUS}
            data-system-id={system.id}
            data-security={securityTone(system.security.name)}
          />
        ))}
      </g>
      <g>
        {systems.map((system) => (
          <text key={system.id} className={classes.label} x={system.position.x} y={system.position.y}>
            {system.name}
          </text>
        ))}
      </g>
    </>
  );
});

export const MatchLayer = memo(function MatchLayer({ systems }: { systems: readonly SystemListItem[] }) {
  return (
    <g data-testid="map-matches">
      {systems.map((system) => (
        <circle
          key={system.id}
          className={classes.match}
          cx={system.position.x}
          cy={system.position.y}
          r={NODE_RADIUS + 7}
          data-match-id={system.id}
        />
      ))}
    </g>
  );
});

export const RouteLayer = memo(function RouteLayer({ drawing }: { drawing: RouteDrawing }) {
  const { segments, start, end } = drawing;
  return (
    <g data-testid="map-route">
      {segments.map((segment) => (
        <line
          key={segment.key}
          className={classes.routeSegment}
          x1={segment.from.x}
          y1={segment.from.y}
          x2={segment.to.x}
          y2={segment.to.y}
          data-route-segment=""
        />
      ))}
      {start ? (
        <circle
          className={classes.routeStart}
          cx={start.x}
          cy={start.y}
          r={NODE_RADIUS + 1}
          data-route-start={start.id}
        />
      ) : null}
      {end ? (
        <circle
          className={classes.routeEnd}
          cx={end.x}
          cy={end.y}
          r={NODE_RADIUS + 1}
          data-route-end={end.id}
        />
      ) : null}
    </g>
  );
});
