// A QR code of a text (the player's address), drawn as SVG squares so a phone can open the address.
import qrcode from "qrcode-generator";
import { useMemo } from "react";

export function QrCode({ text, size = 180, label }: { text: string; size?: number; label: string }) {
  const { count, path } = useMemo(() => {
    const code = qrcode(0, "M");
    code.addData(text);
    code.make();
    const modules = code.getModuleCount();
    let squares = "";
    for (let row = 0; row < modules; row++) {
      for (let column = 0; column < modules; column++) {
        if (code.isDark(row, column)) squares += `M${column} ${row}h1v1h-1z`;
      }
    }
    return { count: modules, path: squares };
  }, [text]);
  const margin = 4;
  const box = count + margin * 2;
  return (
    <svg
      width={size}
      height={size}
      viewBox={`${-margin} ${-margin} ${box} ${box}`}
      role="img"
      aria-label={label}
      data-testid="qr-code"
      shapeRendering="crispEdges"
    >
      <rect x={-margin} y={-margin} width={box} height={box} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
