// The spatial-map settings (spec 1 §9: 400 px high, zoom 8) and where map tiles come from. Tiles are an outside
// service the app cannot count on (offline installs, tests, the content security policy), so they are off unless the
// build sets VITE_MAP_TILE_URL (e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png, whose host the server's CSP
// img-src must then allow); without tiles the marker and the coordinate inputs still work.
import type { PlaceState } from "./input-state.ts";

export const MAP_HEIGHT_PX = 400;
export const MAP_ZOOM = 8;
/** Where an empty map opens: the middle of Europe. */
export const MAP_DEFAULT_CENTER: [number, number] = [50, 10];
/** Coordinates picked on the map keep 6 decimals (about 10 cm). */
const COORDINATE_DECIMALS = 6;

function readSetting(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

export const MAP_TILE_URL = readSetting(import.meta.env.VITE_MAP_TILE_URL);
export const MAP_TILE_ATTRIBUTION = readSetting(import.meta.env.VITE_MAP_TILE_ATTRIBUTION);

function coordinate(text: string, limit: number): number | null {
  if (text.trim() === "") return null;
  const number = Number(text.trim());
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

/** The marker's [latitude, longitude], or null while the inputs do not hold a valid pair. */
export function placePosition(place: PlaceState): [number, number] | null {
  const latitude = coordinate(place.latitude, 90);
  const longitude = coordinate(place.longitude, 180);
  return latitude === null || longitude === null ? null : [latitude, longitude];
}

/** The place with the coordinates of a point picked or dragged to on the map. */
export function placeAt(place: PlaceState, latitude: number, longitude: number): PlaceState {
  // Leaflet answers longitudes beyond ±180 after panning across the date line.
  const wrapped = ((((longitude + 180) % 360) + 360) % 360) - 180;
  const round = (value: number) => String(Number(value.toFixed(COORDINATE_DECIMALS)));
  return { ...place, latitude: round(latitude), longitude: round(wrapped) };
}
