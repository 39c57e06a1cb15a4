// The map of a spatial-map property: a draggable marker at the place; a click moves it there.
import "leaflet/dist/leaflet.css";
import { Box } from "@mantine/core";
import { icon, type LatLng, type LatLngExpression } from "leaflet";
import markerIcon from "leaflet/dist/images/marker-icon.png";
import markerIconRetina from "leaflet/dist/images/marker-icon-2x.png";
import markerShadow from "leaflet/dist/images/marker-shadow.png";
import { useEffect } from "react";
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from "react-leaflet";
import { MAP_DEFAULT_CENTER, MAP_HEIGHT_PX, MAP_TILE_ATTRIBUTION, MAP_TILE_URL, MAP_ZOOM } from "./map-settings.ts";

// Leaflet finds its default marker images through CSS paths a bundler rewrites; name them directly instead.
const markerImage = icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIconRetina,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

type Props = { position: [number, number] | null; disabled: boolean; label: string; onPick: (point: LatLng) => void };

function FollowPosition({ position }: { position: [number, number] | null }) {
  const map = useMap();
  useEffect(() => {
    if (position && !map.getBounds().contains(position)) map.panTo(position);
  }, [map, position]);
  return null;
}

function PickOnClick({ disabled, onPick }: Pick<Props, "disabled" | "onPick">) {
  useMapEvents({ click: (event) => !disabled && onPick(event.latlng) });
  return null;
}

export function PlaceMap({ position, disabled, label, onPick }: Props) {
  const center: LatLngExpression = position ?? MAP_DEFAULT_CENTER;
  return (
    <Box h={MAP_HEIGHT_PX} style={{ borderRadius: "var(--mantine-radius-sm)", overflow: "hidden" }} aria-label={label} role="application">
      <MapContainer center={center} zoom={MAP_ZOOM} style={{ height: "100%", width: "100%" }} attributionControl={MAP_TILE_URL !== ""}>
        {MAP_TILE_URL !== "" && <TileLayer url={MAP_TILE_URL} attribution={MAP_TILE_ATTRIBUTION} />}
        {position && (
          <Marker
            position={position}
            icon={markerImage}
            draggable={!disabled}
            eventHandlers={{ dragend: (event) => onPick(event.target.getLatLng()) }}
          />
        )}
        <FollowPosition position={position} />
        <PickOnClick disabled={disabled} onPick={onPick} />
      </MapContainer>
    </Box>
  );
}
