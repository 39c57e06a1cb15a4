// The four language flags of the guide creator (spec 3 §9 Guide: GR, US, IT, FR), drawn here so they look the same on
// every system (flag emoji show as two letters on many desktops).
import type { GuideLanguage } from "@repox/contracts";
import type { ReactNode } from "react";

const WIDTH = 30;
const HEIGHT = 20;

function Greece() {
  const stripe = HEIGHT / 9;
  return (
    <>
      <rect width={WIDTH} height={HEIGHT} fill="#0d5eaf" />
      {[1, 3, 5, 7].map((n) => (
        <rect key={n} y={n * stripe} width={WIDTH} height={stripe} fill="#fff" />
      ))}
      <rect width={stripe * 5} height={stripe * 5} fill="#0d5eaf" />
      <rect x={stripe * 2} width={stripe} height={stripe * 5} fill="#fff" />
      <rect y={stripe * 2} width={stripe * 5} height={stripe} fill="#fff" />
    </>
  );
}

function UnitedStates() {
  const stripe = HEIGHT / 13;
  return (
    <>
      <rect width={WIDTH} height={HEIGHT} fill="#fff" />
      {[0, 2, 4, 6, 8, 10, 12].map((n) => (
        <rect key={n} y={n * stripe} width={WIDTH} height={stripe} fill="#b22234" />
      ))}
      <rect width={WIDTH * 0.4} height={stripe * 7} fill="#3c3b6e" />
    </>
  );
}

function Tricolour({ colours }: { colours: [string, string, string] }) {
  return (
    <>
      {colours.map((colour, n) => (
        <rect key={colour} x={(n * WIDTH) / 3} width={WIDTH / 3} height={HEIGHT} fill={colour} />
      ))}
    </>
  );
}

const FLAGS: Record<GuideLanguage, () => ReactNode> = {
  GR: Greece,
  US: UnitedStates,
  IT: () => <Tricolour colours={["#009246", "#fff", "#ce2b37"]} />,
  FR: () => <Tricolour colours={["#0055a4", "#fff", "#ef4135"]} />,
};

export function LanguageFlag({ language, size = 1 }: { language: GuideLanguage; size?: number }) {
  const Flag = FLAGS[language];
  return (
    <svg width={WIDTH * size} height={HEIGHT * size} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" style={{ display: "block" }}>
      <Flag />
    </svg>
  );
}
