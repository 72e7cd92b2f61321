import type { Locator } from 'playwright-core';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The part of the element a user sees: its box cut to the window and to every scrolling or clipping
 * box around it (null when nothing of it shows). A bounding box alone counts what a scroll box hides.
 */
export function visiblePart(element: Locator): Promise<Box | null> {
  return element.evaluate(partsShown) as Promise<Box | null>;
}

/** The visible part of every element the locator finds, in one look at the page (a long list is quick). */
export function visibleParts(elements: Locator): Promise<(Box | null)[]> {
  return elements.evaluateAll(partsShown) as Promise<(Box | null)[]>;
}

/** Runs in the page (so it refers to nothing outside itself): the visible part of one node or of each. */
function partsShown(target: Element | Element[]): Box | null | (Box | null)[] {
  const partOf = (node: Element) => {
    if (node.getClientRects().length === 0) return null;
    const own = node.getBoundingClientRect();
    let [left, top, right, bottom] = [own.left, own.top, own.right, own.bottom];
    const cut = (box: { left: number; top: number; right: number; bottom: number }) => {
      [left, top] = [Math.max(left, box.left), Math.max(top, box.top)];
      [right, bottom] = [Math.min(right, box.right), Math.min(bottom, box.bottom)];
    };
    for (let parent = node.parentElement; parent; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflow !== 'visible') cut(parent.getBoundingClientRect());
    }
    cut({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight });
    if (right - left < 1 || bottom - top < 1) return null;
    return { x: left, y: top, width: right - left, height: bottom - top };
  };
  return Array.isArray(target) ? target.map(partOf) : partOf(target);
}

/** Whether the element shows whole: none of it cut by the window or a box around it. */
export async function isShownWhole(element: Locator): Promise<boolean> {
  const [shown, whole] = await Promise.all([visiblePart(element), element.boundingBox()]);
  return (
    shown !== null &&
    whole !== null &&
    Math.abs(shown.height - whole.height) < 1 &&
    Math.abs(shown.width - whole.width) < 1
  );
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
