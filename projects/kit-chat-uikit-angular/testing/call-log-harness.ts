import {BaseHarnessFilters, ComponentHarness, HarnessPredicate} from '@angular/cdk/testing';

/** What one row of `<kit-call-log>` shows, as the user reads it. */
export interface KitCallLogHarnessEntry {
  /** The other person's name. */
  name: string;
  /** Whether the row is a missed call (shown in the error colour). */
  missed: boolean;
  /** Whether it is a missed call the user has not seen yet. */
  unseen: boolean;
  /** The direction's words ("Incoming", "Outgoing, Not answered", "Missed"). */
  kind: string;
  /** The type's words ("Voice call", "Video call"). */
  type: string;
  /** How long ago ("5 minutes ago"). */
  time: string;
  /** How long it lasted ("1:05"), empty when it never connected. */
  duration: string;
}

/** One row of the log. @docs-private */
export class KitCallLogRowHarness extends ComponentHarness {
  /** The selector of the host element. */
  static hostSelector = '.kit-call-log-item';

  /** @returns What the row shows. */
  async read(): Promise<KitCallLogHarnessEntry> {
    const host = await this.host();
    const text = async (selector: string) => {
      const part = await this.locatorForOptional(selector)();
      return part ? (await part.text()).trim() : '';
    };
    return {
      name: await text('.kit-call-log-name'),
      missed: await host.hasClass('kit-call-log-missed'),
      unseen: await host.hasClass('kit-call-log-unseen'),
      kind: await text('.kit-call-log-kind'),
      type: await text('.kit-call-log-type'),
      time: await text('.kit-call-log-time'),
      duration: await text('.kit-call-log-duration'),
    };
  }
}

/** Filters of `KitCallLogHarness.with`. */
export interface KitCallLogHarnessFilters extends BaseHarnessFilters {
  /** Only logs that list no call (`true`) or some (`false`). */
  empty?: boolean;
}

/** Harness of `<kit-call-log>` (`kit-chat-uikit-angular/call-log`), the list of the user's calls. */
export class KitCallLogHarness extends ComponentHarness {
  /** The selector of the host element. */
  static hostSelector = '.kit-call-log';

  private readonly _items = this.locatorForAll('.kit-call-log-item');
  private readonly _rows = this.locatorForAll(KitCallLogRowHarness);
  private readonly _list = this.locatorForOptional('.kit-call-log-list');
  private readonly _callBacks = this.locatorForAll('.kit-call-log-call-back');

  /**
   * Gets a `HarnessPredicate` that searches for a log that meets the filters.
   * @param options Whether it is empty.
   * @returns The predicate.
   */
  static with(options: KitCallLogHarnessFilters = {}): HarnessPredicate<KitCallLogHarness> {
    return new HarnessPredicate(KitCallLogHarness, options).addOption(
      'empty',
      options.empty,
      async (harness, empty) => (await harness.isEmpty()) === empty,
    );
  }

  /** @returns Whether the log lists no call. */
  async isEmpty(): Promise<boolean> {
    return !(await this._list());
  }

  /** @returns The list's accessible name. */
  async getLabel(): Promise<string | null> {
    return (await this._list())?.getAttribute('aria-label') ?? null;
  }

  /** @returns The rows, newest first. */
  async getEntries(): Promise<KitCallLogHarnessEntry[]> {
    return Promise.all((await this._rows()).map(row => row.read()));
  }

  /** @returns How many rows are missed calls the user has not seen yet (the badge's number). */
  async getMissedCount(): Promise<number> {
    const items = await this._items();
    const unseen = await Promise.all(items.map(item => item.hasClass('kit-call-log-unseen')));
    return unseen.filter(Boolean).length;
  }

  /** @returns The accessible names of the Call back buttons, newest call first. */
  async getCallBackLabels(): Promise<string[]> {
    const buttons = await this._callBacks();
    return Promise.all(
      buttons.map(async button => (await button.getAttribute('aria-label')) ?? ''),
    );
  }

  /**
   * Clicks "Call back" on a row.
   * @param index The row, 0 for the newest call.
   */
  async callBack(index = 0): Promise<void> {
    const button = (await this._callBacks())[index];
    if (!button) {
      throw new Error(`KitCallLogHarness: no call at index ${index}.`);
    }
    await button.click();
  }
}
