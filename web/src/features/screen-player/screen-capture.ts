// What the screen shows, as a JPEG, for the operator's SCREENSHOT command. Browsers let a page read neither its own
// pixels nor a screen capture without asking someone, so the player draws its stage onto a canvas itself: each
// element's background colour and picture, each <img> and <video>, and each word of text in its computed font, colour
// and place, with the opacity of the animation at that moment. Rotation and CSS filters are not drawn.
const WHITESPACE = /\s+/;

function parsedOpacity(style: CSSStyleDeclaration): number {
  const value = Number.parseFloat(style.opacity);
  return Number.isFinite(value) ? value : 1;
}

function isTransparent(color: string): boolean {
  return color === "transparent" || /rgba\(.*,\s*0\)$/.test(color);
}

function loadImage(url: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = url;
  });
}

function backgroundUrl(style: CSSStyleDeclaration): string | null {
  const match = style.backgroundImage.match(/url\("?(.*?)"?\)/);
  return match?.[1] ?? null;
}

/** The picture drawn as CSS `cover` would place it in the box. */
function drawCover(ctx: CanvasRenderingContext2D, image: CanvasImageSource & { width: number; height: number }, box: DOMRect) {
  const scale = Math.max(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  ctx.save();
  ctx.beginPath();
  ctx.rect(box.x, box.y, box.width, box.height);
  ctx.clip();
  ctx.drawImage(image, box.x + (box.width - width) / 2, box.y + (box.height - height) / 2, width, height);
  ctx.restore();
}

async function drawElement(ctx: CanvasRenderingContext2D, element: Element, origin: DOMRect, alpha: number): Promise<void> {
  const style = getComputedStyle(element);
  if (style.display === "none" || style.visibility === "hidden") return;
  const opacity = alpha * parsedOpacity(style);
  if (opacity <= 0.01) return;
  const rect = element.getBoundingClientRect();
  const box = new DOMRect(rect.x - origin.x, rect.y - origin.y, rect.width, rect.height);
  ctx.globalAlpha = opacity;
  if (!isTransparent(style.backgroundColor)) {
    ctx.fillStyle = style.backgroundColor;
    ctx.fillRect(box.x, box.y, box.width, box.height);
  }
  const background = backgroundUrl(style);
  if (background) {
    const image = await loadImage(background);
    if (image) drawCover(ctx, image, box);
  }
  if (element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0) {
    ctx.drawImage(element, box.x, box.y, box.width, box.height);
  } else if (element instanceof HTMLVideoElement && element.readyState >= 2) {
    ctx.drawImage(element, box.x, box.y, box.width, box.height);
  } else if (element instanceof HTMLIFrameElement) {
    ctx.fillStyle = "#000";
    ctx.fillRect(box.x, box.y, box.width, box.height);
  }
  for (const child of element.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) drawText(ctx, child as Text, style, origin, opacity);
    else if (child instanceof Element) await drawElement(ctx, child, origin, opacity);
  }
}

function drawText(ctx: CanvasRenderingContext2D, node: Text, style: CSSStyleDeclaration, origin: DOMRect, alpha: number) {
  const text = node.textContent ?? "";
  if (!text.trim()) return;
  ctx.globalAlpha = alpha;
  ctx.fillStyle = style.color;
  ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  ctx.textBaseline = "alphabetic";
  const range = document.createRange();
  let offset = 0;
  for (const word of text.split(WHITESPACE)) {
    const start = text.indexOf(word, offset);
    if (!word || start < 0) continue;
    offset = start + word.length;
    range.setStart(node, start);
    range.setEnd(node, offset);
    const rect = range.getBoundingClientRect();
    if (rect.width === 0) continue;
    // The stage is scaled (a CSS transform): the computed font is the canvas's, the word's box is what shows.
    const metrics = ctx.measureText(word);
    const scale = metrics.width > 0 ? rect.width / metrics.width : 1;
    const glyphs = (metrics.fontBoundingBoxAscent + metrics.fontBoundingBoxDescent) * scale;
    const baseline = rect.top - origin.y + (rect.height - glyphs) / 2 + metrics.fontBoundingBoxAscent * scale;
    ctx.save();
    ctx.translate(rect.left - origin.x, baseline);
    ctx.scale(scale, scale);
    ctx.fillText(word, 0, 0);
    ctx.restore();
  }
}

/** Draws `root` and everything in it; answers a JPEG of its size on screen. */
export async function captureElement(root: HTMLElement): Promise<Blob> {
  const origin = root.getBoundingClientRect();
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(origin.width));
  canvas.height = Math.max(1, Math.round(origin.height));
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("No canvas");
  ctx.fillStyle = "#000";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  await drawElement(ctx, root, origin, 1);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("No image"))), "image/jpeg", 0.85),
  );
}
