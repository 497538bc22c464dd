import type {KitLanguagePack} from 'kit-chat-uikit-angular/i18n/language-pack';

const call = (isVideo: boolean) => (isVideo ? 'ビデオ通話' : '音声通話');
const count = (value: number) => new Intl.NumberFormat('ja').format(value);

/** Japanese. */
export const ja = {
  locale: 'ja',
  dir: 'ltr',
  calls: {
    calling: '発信中…',
    ringing: '呼び出し中…',
    incomingVoiceCall: '音声通話の着信',
    incomingVideoCall: 'ビデオ通話の着信',
    accept: '応答',
    decline: '拒否',
    endAndAccept: '終了して応答',
    endCall: '通話を終了',
    declined: '通話が拒否されました',
    busy: '話し中',
    noAnswer: '応答なし',
    unavailable: '接続できません',
    cancelled: '通話をキャンセルしました',
    ended: '通話終了',
    failed: '通話に失敗しました',
    actionFailed: 'うまくいきませんでした。もう一度お試しください。',
    answeredElsewhere: '別のデバイスで応答しました',
    declinedElsewhere: '別のデバイスで拒否しました',
    missedCall: '不在着信',
    cancelledByCaller: '相手が通話を切りました',
    cancelledWhileAccepting: '接続する前に相手が通話を切りました',
    callAgain: 'もう一度かける',
    connecting: '接続中…',
    ending: '終了中…',
    reconnecting: '再接続中…',
    reconnected: '再接続しました',
    soundBlocked: '音が出ません。どこかをタップすると着信音が鳴ります',
    mute: 'ミュート',
    unmute: 'ミュート解除',
    cameraOff: 'カメラをオフ',
    cameraOn: 'カメラをオン',
    camera: 'カメラ',
    end: '終了',
    callDuration: '通話時間',
    acceptCallFrom: (name, isVideo = false) => `${name}さんからの${call(isVideo)}に応答`,
    declineCallFrom: (name, isVideo = false) => `${name}さんからの${call(isVideo)}を拒否`,
    endAndAcceptCallFrom: (name, isVideo = false) =>
      `現在の通話を終了して${name}さんからの${call(isVideo)}に応答`,
    endCallWith: name => `${name}さんとの通話を終了`,
    callingName: name => `${name}さんに発信中`,
    incomingCallFrom: (name, isVideo) => `${name}さんから${call(isVideo)}の着信`,
    inCallWith: name => `${name}さんと通話中`,
    callingPeople: people => `${count(people)}人に発信中`,
  },
  readiness: {
    ready: 'ここで着信を受けられます',
    missing: '着信を逃すおそれがあります:',
    turnOn: '着信通知をオンにする',
    sound: 'クリックするまで音は出ません',
    notifications: '通知がオフです',
    notificationsDenied: 'ブラウザのサイト設定で通知がブロックされています',
    registered: '通話サービスに接続していません',
    serviceWorker: 'アプリを閉じている間は着信を受けられません',
  },
  dock: {
    minimize: '通話を最小化',
    restore: '全画面表示',
    popOut: '別ウィンドウで開く',
    backToTab: 'タブに戻す',
    moveHint: '矢印キーで通話ウィンドウを移動できます',
    movedTo: (vertical, horizontal) =>
      `通話ウィンドウを${horizontal === 'left' ? '左' : '右'}${
        vertical === 'top' ? '上' : '下'
      }に移動しました`,
  },
  devices: {
    devices: 'デバイス',
    microphone: 'マイク',
    camera: 'カメラ',
    speaker: 'スピーカー',
    mutedSpeech: 'ミュート中です',
    unnamedDevice: (kind, index) => `${kind} ${count(index)}`,
  },
  selfView: {
    label: '自分の映像（矢印キーで移動できます）',
    movedTo: (vertical, horizontal) =>
      `自分の映像を${horizontal === 'left' ? '左' : '右'}${
        vertical === 'top' ? '上' : '下'
      }に移動しました`,
  },
  push: {
    voice: '音声通話の着信',
    video: 'ビデオ通話の着信',
    accept: '応答',
    decline: '拒否',
    call: '着信',
  },
} satisfies KitLanguagePack;
