import {kitDurationIn, type KitLanguagePack} from 'kit-chat-uikit-angular/i18n/language-pack';

const call = (isVideo: boolean) => (isVideo ? 'görüntülü aramayı' : 'sesli aramayı');
const count = (value: number) => new Intl.NumberFormat('tr').format(value);

/** Turkish. */
export const tr = {
  locale: 'tr',
  dir: 'ltr',
  calls: {
    calling: 'Aranıyor…',
    ringing: 'Çalıyor…',
    incomingVoiceCall: 'Gelen sesli arama',
    incomingVideoCall: 'Gelen görüntülü arama',
    accept: 'Yanıtla',
    decline: 'Reddet',
    endAndAccept: 'Kapat ve yanıtla',
    endCall: 'Aramayı bitir',
    declined: 'Arama reddedildi',
    busy: 'Meşgul',
    noAnswer: 'Yanıt yok',
    unavailable: 'Ulaşılamıyor',
    cancelled: 'Arama iptal edildi',
    ended: 'Arama sona erdi',
    failed: 'Arama başarısız oldu',
    actionFailed: 'Olmadı. Lütfen tekrar deneyin.',
    answeredElsewhere: 'Başka bir cihazda yanıtlandı',
    declinedElsewhere: 'Başka bir cihazda reddedildi',
    missedCall: 'Cevapsız arama',
    cancelledByCaller: 'Arayan kişi kapattı',
    cancelledWhileAccepting: 'Arayan kişi, bağlantı kurulmadan kapattı',
    callAgain: 'Tekrar ara',
    connecting: 'Bağlanıyor…',
    ending: 'Sonlandırılıyor…',
    reconnecting: 'Yeniden bağlanıyor…',
    reconnected: 'Yeniden bağlandı',
    soundBlocked: 'Ses kapalı: zil sesini duymak için herhangi bir yere dokunun',
    mute: 'Sessiz',
    unmute: 'Sesi aç',
    cameraOff: 'Kamerayı kapat',
    cameraOn: 'Kamerayı aç',
    camera: 'Kamera',
    end: 'Bitir',
    callDuration: 'Arama süresi',
    acceptCallFrom: (name, isVideo = false) => `${name} adlı kişinin ${call(isVideo)} yanıtla`,
    declineCallFrom: (name, isVideo = false) => `${name} adlı kişinin ${call(isVideo)} reddet`,
    endAndAcceptCallFrom: (name, isVideo = false) =>
      `Geçerli aramayı bitir ve ${name} adlı kişinin ${call(isVideo)} yanıtla`,
    endCallWith: name => `${name} ile aramayı bitir`,
    callingName: name => `${name} aranıyor`,
    incomingCallFrom: (name, isVideo) =>
      `${name} adlı kişiden gelen ${isVideo ? 'görüntülü' : 'sesli'} arama`,
    inCallWith: name => `${name} ile görüşmede`,
    callingPeople: people => `${count(people)} kişi aranıyor`,
    duration: kitDurationIn('tr'),
  },
  readiness: {
    ready: 'Aramalar burada çalacak',
    missing: 'Bir aramayı kaçırabilirsiniz:',
    turnOn: 'Arama uyarılarını aç',
    sound: 'Tıklayana kadar ses kapalı',
    notifications: 'Bildirimler kapalı',
    notificationsDenied: 'Bildirimler tarayıcının site ayarlarında engellenmiş',
    registered: 'Arama hizmetine bağlı değil',
    serviceWorker: 'Uygulama kapalıyken aramalar size ulaşamaz',
  },
  dock: {
    minimize: 'Aramayı küçült',
    restore: 'Tam ekran',
    popOut: 'Ayrı pencerede aç',
    backToTab: 'Sekmeye geri dön',
    moveHint: 'Ok tuşları arama penceresini taşır',
    movedTo: (vertical, horizontal) =>
      `Arama penceresi ${horizontal === 'left' ? 'sol' : 'sağ'} ${
        vertical === 'top' ? 'üst' : 'alt'
      } köşeye taşındı`,
  },
  devices: {
    devices: 'Cihazlar',
    microphone: 'Mikrofon',
    camera: 'Kamera',
    speaker: 'Hoparlör',
    mutedSpeech: 'Mikrofonunuz kapalı',
    unnamedDevice: (kind, index) => `${kind} ${count(index)}`,
  },
  buttons: {
    voice: 'Sesli',
    video: 'Görüntülü',
    notReady: 'Aramalar şu anda kullanılamıyor',
    callTo: (name, isVideo = false) => `${name} ile ${isVideo ? 'görüntülü' : 'sesli'} arama`,
    inCallWith: name => `${name} ile zaten görüşmedesiniz`,
  },
  selfView: {
    label: 'Videonuz, ok tuşları onu taşır',
    movedTo: (vertical, horizontal) =>
      `Videonuz ${horizontal === 'left' ? 'sol' : 'sağ'} ${
        vertical === 'top' ? 'üst' : 'alt'
      } köşeye taşındı`,
  },
  keypad: {
    keypad: 'Tuş takımı',
    star: 'Yıldız',
    pound: 'Kare',
    digitsSent: 'Gönderilen rakamlar:',
    sent: key => `${key} gönderildi`,
  },
  push: {
    voice: 'Gelen sesli arama',
    video: 'Gelen görüntülü arama',
    accept: 'Yanıtla',
    decline: 'Reddet',
    call: 'Gelen arama',
  },
  log: {
    title: 'Son aramalar',
    empty: 'Henüz arama yok',
    callBack: 'Geri ara',
    incoming: 'Gelen',
    outgoing: 'Giden',
    missed: 'Cevapsız',
    voice: 'Sesli arama',
    video: 'Görüntülü arama',
    notAnswered: 'Cevap verilmedi',
    missedCallFrom: name => `${name} adlı kişiden cevapsız arama`,
    callBackName: name => `${name} kişisini geri ara`,
    missedCount: missed => `${count(missed)} cevapsız arama`,
  },
} satisfies KitLanguagePack;
