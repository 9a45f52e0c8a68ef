import { describe, expect, it } from 'vitest';
import { clampPan, doubleTapZoom, identity, swipeDirection, zoomAt } from './gestures';

describe('viewer gestures', () => {
  it('turns the page after a long drag or a quick flick, and not after a small or vertical one', () => {
    expect(swipeDirection(-120, 4, 400, 360)).toBe(1);
    expect(swipeDirection(120, -4, 400, 360)).toBe(-1);
    expect(swipeDirection(-50, 0, 60, 360)).toBe(1); // flick
    expect(swipeDirection(-50, 0, 400, 360)).toBe(0); // slow and short
    expect(swipeDirection(-10, 0, 20, 360)).toBe(0);
    expect(swipeDirection(-100, 160, 300, 360)).toBe(0); // scrolling
  });

  it('zooms in on the tapped point with a double tap and back out with another', () => {
    const zoomed = doubleTapZoom(identity, { x: 40, y: -20 });
    expect(zoomed.scale).toBe(2.5);
    // The tapped point stays under the finger: 40 - (40 - 0) * 2.5 = -60.
    expect(zoomed).toEqual({ scale: 2.5, x: -60, y: 30 });
    expect(doubleTapZoom(zoomed, { x: 0, y: 0 })).toEqual(identity);
  });

  it('never zooms past 4× or below 1×, and keeps a zoomed picture covering the stage', () => {
    expect(zoomAt(identity, 9, { x: 0, y: 0 }).scale).toBe(4);
    expect(zoomAt(identity, 0.2, { x: 0, y: 0 }).scale).toBe(1);
    expect(clampPan({ scale: 2, x: 500, y: -500 }, 360, 400)).toEqual({
      scale: 2,
      x: 180,
      y: -200,
    });
    expect(clampPan({ scale: 1, x: 30, y: 30 }, 360, 400)).toEqual({ scale: 1, x: 0, y: 0 });
  });
});
