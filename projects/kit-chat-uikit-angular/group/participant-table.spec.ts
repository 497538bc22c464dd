import {KitParticipantStatus} from 'kit-chat-uikit-angular';
import {
  KIT_PARTICIPANT_IGNORES,
  KIT_PARTICIPANT_TABLE,
  KitParticipantStep,
  kitNextParticipants,
  kitParticipantStep,
} from './participant-table';
import {ADA, BOB, CY} from './group-spec-sdk';

const STATUSES: KitParticipantStatus[] = [
  'invited',
  'ringing',
  'joined',
  'declined',
  'busy',
  'unanswered',
  'left',
];
const STEPS: KitParticipantStep[] = ['absent', ...STATUSES];

describe('The participant table', () => {
  it('should have every cell as a row or a written ignore, never both', () => {
    const holes: string[] = [];
    for (const step of STEPS) {
      for (const status of STATUSES) {
        const row = KIT_PARTICIPANT_TABLE[step][status] !== undefined;
        const ignored = KIT_PARTICIPANT_IGNORES[step].includes(status);
        if (row === ignored) {
          holes.push(`${step} x ${status}: ${row ? 'both' : 'neither'}`);
        }
      }
    }
    expect(holes).toEqual([]);
  });

  it('should keep a late report of the same ring from reopening a final answer', () => {
    expect(kitParticipantStep('declined', 'ringing')).toBe('declined');
    expect(kitParticipantStep('joined', 'ringing')).toBe('joined');
    expect(kitParticipantStep('joined', 'declined')).toBe('joined');
    expect(kitParticipantStep('unanswered', 'busy')).toBe('unanswered');
  });

  it('should let a person be rung again (invited) or join late after a final answer', () => {
    expect(kitParticipantStep('declined', 'invited')).toBe('invited');
    expect(kitParticipantStep('unanswered', 'joined')).toBe('joined');
    expect(kitParticipantStep('left', 'joined')).toBe('joined');
  });

  it('should move each person of the news from where they stood, and keep the ones it leaves out', () => {
    const known = [
      {user: ADA, status: 'declined' as const},
      {user: BOB, status: 'ringing' as const},
    ];
    const now = kitNextParticipants(known, [
      {user: ADA, status: 'ringing'},
      {user: CY, status: 'invited'},
    ]);
    expect(now.map(p => `${p.user.uid}:${p.status}`)).toEqual([
      'ada:declined',
      'bob:ringing',
      'cy:invited',
    ]);
  });

  it("should take a known person's user as the news gives it (a new name or picture), with their status moved", () => {
    const known = [{user: ADA, status: 'ringing' as const}];
    const renamed = {...ADA, name: 'Ada King', avatar: 'https://example.com/ada.png'};
    const [now] = kitNextParticipants(known, [{user: renamed, status: 'joined'}]);
    expect(now.user).toEqual(renamed);
    expect(now.status).toBe('joined');
  });
});
