import {BaseHarnessFilters, ComponentHarness, HarnessPredicate} from '@angular/cdk/testing';
import type {KitReadinessPartName} from 'kit-chat-uikit-angular';

/** Filters of `KitRingReadinessHarness.with`. */
export interface KitRingReadinessHarnessFilters extends BaseHarnessFilters {
  /** Only prompts that say every part is ready (`true`) or that something is missing (`false`). */
  ready?: boolean;
}

/** Harness of `<kit-ring-readiness>`, the prompt that says whether calls will be heard and asks for what is missing. */
export class KitRingReadinessHarness extends ComponentHarness {
  /** The selector of the host element. */
  static hostSelector = '.kit-ring-readiness';

  private readonly _missing = this.locatorForAll('.kit-ring-readiness-missing li');
  private readonly _button = this.locatorForOptional('.kit-ring-readiness-button');

  /**
   * Gets a `HarnessPredicate` that searches for a prompt that meets the filters.
   * @param options Whether it says ready.
   * @returns The predicate.
   */
  static with(
    options: KitRingReadinessHarnessFilters = {},
  ): HarnessPredicate<KitRingReadinessHarness> {
    return new HarnessPredicate(KitRingReadinessHarness, options).addOption(
      'ready',
      options.ready,
      async (harness, ready) => (await harness.isReady()) === ready,
    );
  }

  /** @returns Whether the prompt says calls will ring here. */
  async isReady(): Promise<boolean> {
    return (await this.host()).hasClass('kit-ring-readiness-is-ready');
  }

  /** @returns The parts the prompt lists as missing, in its order. */
  async getMissingParts(): Promise<KitReadinessPartName[]> {
    const items = await this._missing();
    return Promise.all(
      items.map(async item => (await item.getAttribute('data-part')) as KitReadinessPartName),
    );
  }

  /** @returns The labels of the missing parts, as the user reads them. */
  async getMissingLabels(): Promise<string[]> {
    return Promise.all((await this._missing()).map(item => item.text()));
  }

  /** @returns Whether the prompt offers its button (something a click can fix is missing). */
  async canTurnOn(): Promise<boolean> {
    return !!(await this._button());
  }

  /** Clicks the button that unlocks the sound and asks for the notification permission. */
  async turnOn(): Promise<void> {
    const button = await this._button();
    if (!button) {
      throw new Error('KitRingReadinessHarness: nothing is missing that a click can fix.');
    }
    await button.click();
  }
}
