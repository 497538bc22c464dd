import {DOCUMENT} from '@angular/common';
import {Injectable, inject} from '@angular/core';
import {KitCallPipOpener, KitCallPipWindow} from './call-dock-config';

/** Chromium's Document Picture-in-Picture API (not in TypeScript's DOM types yet). */
interface DocumentPictureInPicture {
  requestWindow(options?: {width?: number; height?: number}): Promise<Window>;
}

/** The size of the window, enough for the screen laid out small. */
const SIZE = {width: 360, height: 420};

/**
 * Opens a call in a Document Picture-in-Picture window (`withPictureInPicture()`): the call's elements move into it
 * (Angular keeps rendering them and their listeners go with them), with the page's styles copied over, also those
 * added while it is open; they move back when the window closes.
 * @docs-private
 */
@Injectable({providedIn: 'root'})
export class KitCallPictureInPicture implements KitCallPipOpener {
  readonly #document = inject(DOCUMENT);

  /** Whether this browser has Document Picture-in-Picture. */
  get supported(): boolean {
    return !!this.#api();
  }

  async open(
    content: HTMLElement,
    home: HTMLElement,
    onClosed: () => void,
  ): Promise<KitCallPipWindow | null> {
    const api = this.#api();
    if (!api) {
      return null;
    }
    const next = content.nextSibling;
    let view: Window;
    try {
      // Asked for at once: the browser opens the window only within the click's user activation.
      view = await api.requestWindow(SIZE);
    } catch {
      return null; // No user activation, or refused: the caller docks the call instead.
    }
    const stopStyles = this.#copyPage(view.document);
    view.document.body.append(content);
    let back = false;
    const goBack = () => {
      if (back) {
        return;
      }
      back = true;
      stopStyles();
      home.insertBefore(content, next?.parentNode === home ? next : null);
      onClosed();
    };
    // The user closed the window (its elements are still there in `pagehide`, and move back).
    view.addEventListener('pagehide', goBack, {once: true});
    return {
      close: () => {
        goBack();
        view.close();
      },
    };
  }

  #api(): DocumentPictureInPicture | undefined {
    const view = this.#document.defaultView as
      (Window & {documentPictureInPicture?: DocumentPictureInPicture}) | null;
    return view?.documentPictureInPicture;
  }

  /**
   * Copies the page's stylesheets and the theme of its root elements (classes, direction, language) into the
   * window, and every stylesheet the app adds while it is open (Angular adds a component's styles when it first
   * renders, as the ongoing screen's when a call connects in the window).
   * @returns Stops copying.
   */
  #copyPage(target: Document): () => void {
    const source = this.#document;
    const copy = (node: Node) => {
      if (
        node instanceof HTMLStyleElement ||
        (node instanceof HTMLLinkElement && node.rel === 'stylesheet')
      ) {
        target.head.append(target.importNode(node, true));
      }
    };
    source.head.querySelectorAll('style, link[rel="stylesheet"]').forEach(copy);
    for (const [from, to] of [
      [source.documentElement, target.documentElement],
      [source.body, target.body],
    ]) {
      to.className = from.className;
      for (const name of ['dir', 'lang', 'style']) {
        const value = from.getAttribute(name);
        if (value !== null) {
          to.setAttribute(name, value);
        }
      }
    }
    target.body.classList.add('kit-call-pip-root');
    const observer = new MutationObserver(records =>
      records.forEach(record => record.addedNodes.forEach(copy)),
    );
    observer.observe(source.head, {childList: true});
    return () => observer.disconnect();
  }
}
