import {_getFocusedElementPierceShadowDom} from '@angular/cdk/platform';
import {NgComponentOutlet} from '@angular/common';
import {
  ChangeDetectionStrategy,
  Component,
  ElementRef,
  InjectionToken,
  Type,
  ViewEncapsulation,
  Injector,
  afterNextRender,
  computed,
  effect,
  inject,
  reflectComponentType,
  untracked,
  viewChild,
} from '@angular/core';
import {KitCallOverlayRef} from './call-overlay-ref';

/**
 * The two views of a call in the overlay, chosen once by `KitCallOverlay` from the merged options.
 * @docs-private
 */
export interface KitCallHostViews {
  /** The ringing screen (incoming or outgoing). */
  readonly ringing: Type<unknown>;
  /** Inputs of the ringing screen (`KitCallOverlayConfig.inputs`). */
  readonly ringingInputs: Record<string, unknown>;
  /** The screen of the accepted call: the kit's, or the app's own. */
  readonly ongoing: Type<unknown>;
}

/** @docs-private */
export const KIT_CALL_HOST_VIEWS = new InjectionToken<KitCallHostViews>(
  typeof ngDevMode === 'undefined' || ngDevMode ? 'KIT_CALL_HOST_VIEWS' : '',
);

/**
 * The one component of a call's CDK dialog: it shows the ringing screen, then the ongoing one once the call
 * connected, in the same dialog (as `MatBottomSheet` keeps one container per sheet). The screens find their
 * session by injection (`KIT_CALL_SESSION`); only the app's inputs reach them through the outlet.
 * @docs-private
 */
@Component({
  selector: 'kit-call-host',
  template: '<ng-container *ngComponentOutlet="_screen(); inputs: _inputs()" />',
  imports: [NgComponentOutlet],
  encapsulation: ViewEncapsulation.None,
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: {class: 'kit-call-host'},
})
export class KitCallHost {
  readonly #ref = inject(KitCallOverlayRef);
  readonly #views = inject(KIT_CALL_HOST_VIEWS);
  readonly #host: HTMLElement = inject(ElementRef).nativeElement;
  private readonly _outlet = viewChild.required(NgComponentOutlet);

  /** The screen shown: the ongoing one from the moment the call connected, for good. @docs-private */
  protected readonly _screen = computed(() =>
    this.#ref._connected() ? this.#views.ongoing : this.#views.ringing,
  );

  /**
   * The inputs of the screen shown, only those it declares. The ongoing screen gets the accepted call (an app's
   * own screen may have a `call` input); the ringing screen gets the app's inputs. @docs-private
   */
  protected readonly _inputs = computed(() => {
    const screen = this._screen();
    const inputs =
      screen === this.#views.ringing
        ? this.#views.ringingInputs
        : {call: untracked(this.#ref.call)};
    return declaredInputs(screen, inputs);
  });

  constructor() {
    const injector = inject(Injector);
    effect(() => {
      this._screen();
      // Once the screen shown is rendered, the ref names it, and focus stays in the dialog.
      afterNextRender(
        () => {
          this.#ref.componentInstance = this._outlet().componentInstance;
          this.#keepFocusInside();
        },
        {injector},
      );
    });
  }

  /** The screen that left had focus: an app's own ongoing screen may not take it, so the dialog does. */
  #keepFocusInside(): void {
    const container = this.#host.closest<HTMLElement>('.cdk-dialog-container');
    const active = _getFocusedElementPierceShadowDom();
    if (container && (!active || active === active.ownerDocument.body)) {
      container.focus();
    }
  }
}

/**
 * @param screen A component.
 * @param inputs Input values by name.
 * @returns The values of the inputs the component declares (setting an unknown input is an error).
 */
function declaredInputs(
  screen: Type<unknown>,
  inputs: Record<string, unknown>,
): Record<string, unknown> {
  const declared = new Set(reflectComponentType(screen)?.inputs.map(input => input.templateName));
  return Object.fromEntries(Object.entries(inputs).filter(([name]) => declared.has(name)));
}
