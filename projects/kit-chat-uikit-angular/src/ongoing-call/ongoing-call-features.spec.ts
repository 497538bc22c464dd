import {LiveAnnouncer} from '@angular/cdk/a11y';
import {ComponentFixture, TestBed} from '@angular/core/testing';
import {
  FakeMediaDevices,
  FakeStream,
  FakeTrack,
  installFakeMedia,
} from '../devices/fake-media.spec-helper';
import {KitCallsFeature} from '../core/calls-feature';
import {withDraggableSelfView, withHidingControls} from './ongoing-call-features';
import {OngoingCallHost, showOngoingCall} from './ongoing-call.spec-helper';

const IDLE = 'kit-ongoing-call-idle';
const TILE = '.kit-ongoing-call-local-video';

/** A pointer event as the browser sends it (jsdom's events carry no pointer fields). */
function pointer(
  type: string,
  {pointerType = 'mouse', ...mouse}: MouseEventInit & {pointerType?: string} = {},
): Event {
  return Object.assign(new MouseEvent(type, {bubbles: true, ...mouse}), {
    pointerType,
    pointerId: 1,
  });
}

/** Gives an element the box it would have on a screen. */
function box(element: Element, left: number, top: number, width: number, height: number): void {
  element.getBoundingClientRect = () =>
    ({left, top, right: left + width, bottom: top + height, width, height}) as DOMRect;
}

describe('The ongoing screen’s optional look: the bar that hides, the self view that moves', () => {
  let fixture: ComponentFixture<OngoingCallHost>;
  let media: {devices: FakeMediaDevices; restore: () => void};
  let adds: jest.SpyInstance;
  let removes: jest.SpyInstance;

  beforeEach(() => {
    jest.useFakeTimers();
    media = installFakeMedia();
    adds = jest.spyOn(EventTarget.prototype, 'addEventListener');
    removes = jest.spyOn(EventTarget.prototype, 'removeEventListener');
  });

  afterEach(() => {
    fixture?.destroy();
    fixture = undefined!;
    media.restore();
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  async function settle(ms = 10): Promise<void> {
    await jest.advanceTimersByTimeAsync(ms);
    fixture.detectChanges();
  }

  /** A video call with Ada, accepted, both streams on screen. @returns The ongoing screen. */
  async function ongoing(features: KitCallsFeature[]): Promise<HTMLElement> {
    const remote = new FakeStream([new FakeTrack('audio'), new FakeTrack('video')]);
    const local = new FakeStream([new FakeTrack('audio', 'mic'), new FakeTrack('video', 'cam')]);
    fixture = await showOngoingCall(features, {remote: () => remote, local: () => local});
    return fixture.nativeElement.querySelector('.kit-ongoing-call');
  }

  /** The listeners still on an element or the page: those added minus those removed. */
  function listenersOn(element: EventTarget): number {
    const count = (spy: jest.SpyInstance) => spy.mock.contexts.filter(c => c === element).length;
    return count(adds) - count(removes);
  }

  it('should take no slot in the control row: the parts have no box', async () => {
    const screen = await ongoing([withHidingControls(), withDraggableSelfView()]);
    const parts = screen.querySelectorAll('kit-hiding-controls, kit-draggable-self-view');
    expect([...parts].map(part => part.hasAttribute('hidden'))).toEqual([true, true]);
  });

  describe('withHidingControls()', () => {
    it('should mark the screen idle once the mouse stays still for the delay, and wake it when it moves', async () => {
      const screen = await ongoing([withHidingControls({delay: 500})]);
      expect(screen.classList).not.toContain(IDLE);

      screen.dispatchEvent(pointer('pointermove'));
      await settle(499);
      expect(screen.classList).not.toContain(IDLE);
      await settle(1);
      expect(screen.classList).toContain(IDLE);

      screen.dispatchEvent(pointer('pointermove'));
      expect(screen.classList).not.toContain(IDLE);
      await settle(500);
      expect(screen.classList).toContain(IDLE);
    });

    it('should show the bar on a key pressed outside the screen, in the dialog around it', async () => {
      const screen = await ongoing([withHidingControls({delay: 500})]);
      screen.dispatchEvent(pointer('pointermove'));
      await settle(500);
      expect(screen.classList).toContain(IDLE);

      document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'Tab', bubbles: true}));
      expect(screen.classList).not.toContain(IDLE);
    });

    it('should wait 3 s by default', async () => {
      const screen = await ongoing([withHidingControls()]);
      screen.dispatchEvent(pointer('pointermove'));
      await settle(2999);
      expect(screen.classList).not.toContain(IDLE);
      await settle(1);
      expect(screen.classList).toContain(IDLE);
    });

    it.each([
      ['a key press', () => new KeyboardEvent('keydown', {key: 'Tab', bubbles: true})],
      ['a focus', () => new FocusEvent('focusin', {bubbles: true})],
      ['a touch', () => pointer('pointermove', {pointerType: 'touch'})],
      ['a pen', () => pointer('pointerdown', {pointerType: 'pen'})],
    ])('should show the bar on %s, and start no delay', async (_, event) => {
      const screen = await ongoing([withHidingControls({delay: 500})]);
      screen.dispatchEvent(pointer('pointermove'));
      await settle(500);
      expect(screen.classList).toContain(IDLE);

      screen.dispatchEvent(event());
      expect(screen.classList).not.toContain(IDLE);
      await settle(5000);
      expect(screen.classList).not.toContain(IDLE);
    });

    it('should leave no timer and no listener behind when the screen goes', async () => {
      const before = listenersOn(document);
      const screen = await ongoing([withHidingControls({delay: 500})]);
      expect(listenersOn(document) - before).toBe(4);
      screen.dispatchEvent(pointer('pointermove'));

      fixture.componentInstance.call.set(null);
      fixture.detectChanges();
      expect(listenersOn(document) - before).toBe(0);
      expect(jest.getTimerCount()).toBe(0);
      expect(screen.classList).not.toContain(IDLE);
    });

    it('should never mark the screen idle without the feature', async () => {
      const screen = await ongoing([]);
      screen.dispatchEvent(pointer('pointermove'));
      await settle(10000);
      expect(screen.classList).not.toContain(IDLE);
    });
  });

  describe('withDraggableSelfView()', () => {
    /** The self view in the bottom right corner of a 1000 × 600 stage, 160 × 213 px. */
    function placed(screen: HTMLElement): HTMLElement {
      const tile = screen.querySelector<HTMLElement>(TILE)!;
      box(tile.parentElement!, 0, 0, 1000, 600);
      box(tile, 840, 387, 160, 213);
      tile.setPointerCapture = jest.fn();
      return tile;
    }

    function key(tile: HTMLElement, name: string, init: KeyboardEventInit = {}): KeyboardEvent {
      const event = new KeyboardEvent('keydown', {
        key: name,
        bubbles: true,
        cancelable: true,
        ...init,
      });
      tile.dispatchEvent(event);
      return event;
    }

    it('should put the self view in the tab order, named, for the screen reader too', async () => {
      const tile = placed(await ongoing([withDraggableSelfView()]));
      expect(tile.tabIndex).toBe(0);
      expect(tile.getAttribute('aria-label')).toBe('Your video, arrow keys move it');
      expect(tile.hasAttribute('aria-hidden')).toBe(false);
    });

    it('should move it to the corner of an arrow key, keep the other side, and say where', async () => {
      const tile = placed(await ongoing([withDraggableSelfView()]));
      const announce = jest.spyOn(TestBed.inject(LiveAnnouncer), 'announce');

      const moves = [
        ['ArrowUp', 'start right', 'top right'],
        ['ArrowLeft', 'start left', 'top left'],
        ['ArrowDown', 'end left', 'bottom left'],
      ];
      for (const [name, place, corner] of moves) {
        expect(key(tile, name).defaultPrevented).toBe(true);
        expect(tile.style.placeSelf).toBe(place);
        expect(announce).toHaveBeenLastCalledWith(
          `Your video moved to the ${corner} corner`,
          'polite',
        );
        // Where it went, in the 1000 × 600 stage.
        box(tile, corner.endsWith('left') ? 0 : 840, corner.startsWith('top') ? 0 : 387, 160, 213);
      }
    });

    it('should leave other keys and arrow keys with a modifier to the page', async () => {
      const tile = placed(await ongoing([withDraggableSelfView()]));
      expect(key(tile, 'Enter').defaultPrevented).toBe(false);
      expect(key(tile, 'ArrowUp', {altKey: true}).defaultPrevented).toBe(false);
      expect(tile.style.placeSelf).toBe('');
    });

    it('should follow a drag and snap to the nearest corner when let go', async () => {
      const tile = placed(await ongoing([withDraggableSelfView()]));
      const announce = jest.spyOn(TestBed.inject(LiveAnnouncer), 'announce');

      tile.dispatchEvent(pointer('pointerdown', {clientX: 900, clientY: 500}));
      expect(tile.setPointerCapture).toHaveBeenCalledWith(1);
      tile.dispatchEvent(pointer('pointermove', {clientX: 300, clientY: 150}));
      expect(tile.style.translate).toBe('-600px -350px');
      box(tile, 240, 37, 160, 213); // Where the drag took it: in the top left quarter.
      tile.dispatchEvent(pointer('lostpointercapture'));

      expect(tile.style.translate).toBe('');
      expect(tile.style.placeSelf).toBe('start left');
      expect(announce).toHaveBeenCalledWith('Your video moved to the top left corner', 'polite');
    });

    it('should say nothing when a press lets go in the same corner', async () => {
      const tile = placed(await ongoing([withDraggableSelfView()]));
      const announce = jest.spyOn(TestBed.inject(LiveAnnouncer), 'announce');
      key(tile, 'ArrowDown'); // Bottom right, chosen.
      announce.mockClear();

      tile.dispatchEvent(pointer('pointerdown', {clientX: 900, clientY: 500}));
      tile.dispatchEvent(pointer('lostpointercapture'));
      expect(tile.style.placeSelf).toBe('end right');
      expect(announce).not.toHaveBeenCalled();
    });

    it('should keep the corner when the camera goes off and on again', async () => {
      const screen = await ongoing([withDraggableSelfView()]);
      key(placed(screen), 'ArrowUp');
      const camera = screen.querySelector<HTMLButtonElement>('.kit-ongoing-call-camera-button')!;
      camera.click();
      await settle();
      expect(screen.querySelector(TILE)).toBeNull();
      camera.click();
      await settle();

      const tile = screen.querySelector<HTMLElement>(TILE)!;
      expect(tile.style.placeSelf).toBe('start right');
      expect(tile.tabIndex).toBe(0);
    });

    it('should leave no listener behind when the screen goes', async () => {
      const tile = placed(await ongoing([withDraggableSelfView()]));
      expect(listenersOn(tile)).toBe(4);

      fixture.componentInstance.call.set(null);
      fixture.detectChanges();
      expect(listenersOn(tile)).toBe(0);
    });

    it('should leave the self view still and out of the tab order without the feature', async () => {
      const tile = placed(await ongoing([]));
      expect(tile.getAttribute('aria-hidden')).toBe('true');
      expect(tile.hasAttribute('tabindex')).toBe(false);
      key(tile, 'ArrowUp');
      tile.dispatchEvent(pointer('pointerdown', {clientX: 900, clientY: 500}));
      tile.dispatchEvent(pointer('pointermove', {clientX: 300, clientY: 150}));
      expect(tile.style.placeSelf).toBe('');
      expect(tile.style.translate).toBe('');
    });
  });
});
