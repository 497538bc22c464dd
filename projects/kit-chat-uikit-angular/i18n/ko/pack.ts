import type {KitLanguagePack} from 'kit-chat-uikit-angular/i18n/language-pack';

const call = (isVideo: boolean) => (isVideo ? '영상 통화' : '음성 통화');
const count = (value: number) => new Intl.NumberFormat('ko').format(value);

/** Korean. */
export const ko = {
  locale: 'ko',
  dir: 'ltr',
  calls: {
    calling: '전화 거는 중…',
    ringing: '신호가 가는 중…',
    incomingVoiceCall: '음성 통화 수신',
    incomingVideoCall: '영상 통화 수신',
    accept: '받기',
    decline: '거절',
    endAndAccept: '끊고 받기',
    endCall: '통화 종료',
    declined: '상대방이 통화를 거절했습니다',
    busy: '통화 중',
    noAnswer: '응답 없음',
    unavailable: '연결할 수 없음',
    cancelled: '통화 취소됨',
    ended: '통화 종료됨',
    failed: '통화 실패',
    actionFailed: '실행하지 못했습니다. 다시 시도해 주세요.',
    answeredElsewhere: '다른 기기에서 받았습니다',
    declinedElsewhere: '다른 기기에서 거절했습니다',
    missedCall: '부재중 전화',
    cancelledByCaller: '상대방이 전화를 끊었습니다',
    cancelledWhileAccepting: '연결되기 전에 상대방이 전화를 끊었습니다',
    callAgain: '다시 걸기',
    connecting: '연결 중…',
    ending: '종료 중…',
    reconnecting: '다시 연결하는 중…',
    reconnected: '다시 연결되었습니다',
    soundBlocked: '소리가 꺼져 있습니다. 아무 곳이나 탭하면 벨소리가 들립니다',
    mute: '음소거',
    unmute: '음소거 해제',
    cameraOff: '카메라 끄기',
    cameraOn: '카메라 켜기',
    camera: '카메라',
    end: '종료',
    callDuration: '통화 시간',
    acceptCallFrom: (name, isVideo = false) => `${name}님의 ${call(isVideo)} 받기`,
    declineCallFrom: (name, isVideo = false) => `${name}님의 ${call(isVideo)} 거절`,
    endAndAcceptCallFrom: (name, isVideo = false) =>
      `현재 통화를 끊고 ${name}님의 ${call(isVideo)} 받기`,
    endCallWith: name => `${name}님과의 통화 종료`,
    callingName: name => `${name}님에게 전화 거는 중`,
    incomingCallFrom: (name, isVideo) => `${name}님의 ${call(isVideo)} 수신`,
    inCallWith: name => `${name}님과 통화 중`,
    callingPeople: people => `${count(people)}명에게 전화 거는 중`,
  },
  readiness: {
    ready: '이곳으로 전화가 옵니다',
    missing: '전화를 놓칠 수 있습니다:',
    turnOn: '통화 알림 켜기',
    sound: '클릭할 때까지 소리가 나지 않습니다',
    notifications: '알림이 꺼져 있습니다',
    notificationsDenied: '브라우저의 사이트 설정에서 알림이 차단되어 있습니다',
    registered: '통화 서비스에 연결되어 있지 않습니다',
    serviceWorker: '앱이 닫혀 있으면 전화를 받을 수 없습니다',
  },
  dock: {
    minimize: '통화 최소화',
    restore: '전체 화면',
    popOut: '새 창으로 열기',
    backToTab: '탭으로 돌아가기',
    moveHint: '화살표 키로 통화 창을 옮길 수 있습니다',
    movedTo: (vertical, horizontal) =>
      `통화 창을 ${horizontal === 'left' ? '왼쪽' : '오른쪽'} ${
        vertical === 'top' ? '위' : '아래'
      } 모서리로 옮겼습니다`,
  },
  devices: {
    devices: '기기',
    microphone: '마이크',
    camera: '카메라',
    speaker: '스피커',
    mutedSpeech: '음소거 상태입니다',
    unnamedDevice: (kind, index) => `${kind} ${count(index)}`,
  },
  selfView: {
    label: '내 영상, 화살표 키로 옮길 수 있습니다',
    movedTo: (vertical, horizontal) =>
      `내 영상을 ${horizontal === 'left' ? '왼쪽' : '오른쪽'} ${
        vertical === 'top' ? '위' : '아래'
      } 모서리로 옮겼습니다`,
  },
  push: {
    voice: '음성 통화 수신',
    video: '영상 통화 수신',
    accept: '받기',
    decline: '거절',
    call: '전화 수신',
  },
} satisfies KitLanguagePack;
