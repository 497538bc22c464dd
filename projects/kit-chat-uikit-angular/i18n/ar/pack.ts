import {kitDurationIn, type KitLanguagePack} from 'kit-chat-uikit-angular/i18n/language-pack';

const call = (isVideo: boolean) => (isVideo ? 'مكالمة الفيديو' : 'المكالمة الصوتية');
const count = (value: number) => new Intl.NumberFormat('ar').format(value);
/** "Calling N people", in each of Arabic's six plural forms. */
const PEOPLE: Record<Intl.LDMLPluralRule, (people: string) => string> = {
  zero: people => `جارٍ الاتصال بـ${people} شخص`,
  one: () => 'جارٍ الاتصال بشخص واحد',
  two: () => 'جارٍ الاتصال بشخصين',
  few: people => `جارٍ الاتصال بـ${people} أشخاص`,
  many: people => `جارٍ الاتصال بـ${people} شخصًا`,
  other: people => `جارٍ الاتصال بـ${people} شخص`,
};

/** Arabic (right to left). */
export const ar = {
  locale: 'ar',
  dir: 'rtl',
  calls: {
    calling: 'جارٍ الاتصال…',
    ringing: 'يرن…',
    incomingVoiceCall: 'مكالمة صوتية واردة',
    incomingVideoCall: 'مكالمة فيديو واردة',
    accept: 'رد',
    decline: 'رفض',
    endAndAccept: 'إنهاء والرد',
    endCall: 'إنهاء المكالمة',
    declined: 'تم رفض المكالمة',
    busy: 'مشغول',
    noAnswer: 'لا يوجد رد',
    unavailable: 'غير متاح',
    cancelled: 'أُلغيت المكالمة',
    ended: 'انتهت المكالمة',
    failed: 'تعذّر إجراء المكالمة',
    actionFailed: 'لم ينجح ذلك. يُرجى المحاولة مرة أخرى.',
    answeredElsewhere: 'تم الرد على جهاز آخر',
    declinedElsewhere: 'تم الرفض على جهاز آخر',
    missedCall: 'مكالمة فائتة',
    cancelledByCaller: 'أنهى المتصل المكالمة',
    cancelledWhileAccepting: 'أنهى المتصل المكالمة قبل أن يتم الاتصال',
    callAgain: 'معاودة الاتصال',
    connecting: 'جارٍ التوصيل…',
    ending: 'جارٍ الإنهاء…',
    reconnecting: 'جارٍ إعادة الاتصال…',
    reconnected: 'عاد الاتصال',
    soundBlocked: 'الصوت متوقف: انقر في أي مكان لسماع نغمة الرنين',
    mute: 'كتم',
    unmute: 'إلغاء الكتم',
    cameraOff: 'إيقاف الكاميرا',
    cameraOn: 'تشغيل الكاميرا',
    camera: 'الكاميرا',
    end: 'إنهاء',
    callDuration: 'مدة المكالمة',
    acceptCallFrom: (name, isVideo = false) => `الرد على ${call(isVideo)} من ${name}`,
    declineCallFrom: (name, isVideo = false) => `رفض ${call(isVideo)} من ${name}`,
    endAndAcceptCallFrom: (name, isVideo = false) =>
      `إنهاء المكالمة الحالية والرد على ${call(isVideo)} من ${name}`,
    endCallWith: name => `إنهاء المكالمة مع ${name}`,
    callingName: name => `جارٍ الاتصال بـ${name}`,
    incomingCallFrom: (name, isVideo) =>
      `${isVideo ? 'مكالمة فيديو واردة' : 'مكالمة صوتية واردة'} من ${name}`,
    inCallWith: name => `في مكالمة مع ${name}`,
    callingPeople: people => PEOPLE[new Intl.PluralRules('ar').select(people)](count(people)),
    duration: kitDurationIn('ar'),
  },
  readiness: {
    ready: 'ستصلك المكالمات هنا',
    missing: 'قد تفوتك مكالمة:',
    turnOn: 'تشغيل تنبيهات المكالمات',
    sound: 'الصوت متوقف حتى تنقر',
    notifications: 'الإشعارات متوقفة',
    notificationsDenied: 'الإشعارات محظورة في إعدادات الموقع في المتصفح',
    registered: 'غير متصل بخدمة المكالمات',
    serviceWorker: 'لن تصلك المكالمات والتطبيق مغلق',
  },
  dock: {
    minimize: 'تصغير المكالمة',
    restore: 'ملء الشاشة',
    popOut: 'فتح في نافذة منفصلة',
    backToTab: 'العودة إلى علامة التبويب',
    moveHint: 'تنقل مفاتيح الأسهم نافذة المكالمة',
    movedTo: (vertical, horizontal) =>
      `نُقلت نافذة المكالمة إلى الزاوية ${vertical === 'top' ? 'العلوية' : 'السفلية'} ${
        horizontal === 'left' ? 'اليسرى' : 'اليمنى'
      }`,
  },
  devices: {
    devices: 'الأجهزة',
    microphone: 'الميكروفون',
    camera: 'الكاميرا',
    speaker: 'مكبر الصوت',
    mutedSpeech: 'الميكروفون مكتوم',
    unnamedDevice: (kind, index) => `${kind} ${count(index)}`,
  },
  buttons: {
    voice: 'صوتية',
    video: 'فيديو',
    notReady: 'المكالمات غير متاحة الآن',
    callTo: (name, isVideo = false) => `${isVideo ? 'مكالمة فيديو' : 'مكالمة صوتية'} مع ${name}`,
    inCallWith: name => `أنت بالفعل في مكالمة مع ${name}`,
  },
  selfView: {
    label: 'الفيديو الخاص بك، تنقله مفاتيح الأسهم',
    movedTo: (vertical, horizontal) =>
      `نُقل الفيديو الخاص بك إلى الزاوية ${vertical === 'top' ? 'العلوية' : 'السفلية'} ${
        horizontal === 'left' ? 'اليسرى' : 'اليمنى'
      }`,
  },
  keypad: {
    keypad: 'لوحة الأرقام',
    star: 'نجمة',
    pound: 'مربع',
    digitsSent: 'الأرقام المرسلة:',
    sent: key => `تم إرسال ${key}`,
  },
  push: {
    voice: 'مكالمة صوتية واردة',
    video: 'مكالمة فيديو واردة',
    accept: 'رد',
    decline: 'رفض',
    call: 'مكالمة واردة',
  },
  log: {
    title: 'المكالمات الأخيرة',
    empty: 'لا توجد مكالمات بعد',
    callBack: 'معاودة الاتصال',
    incoming: 'واردة',
    outgoing: 'صادرة',
    missed: 'فائتة',
    voice: 'مكالمة صوتية',
    video: 'مكالمة فيديو',
    notAnswered: 'لم يتم الرد',
    missedCallFrom: name => `مكالمة فائتة من ${name}`,
    callBackName: name => `معاودة الاتصال بـ ${name}`,
    missedCount: missed => `المكالمات الفائتة: ${count(missed)}`,
  },
} satisfies KitLanguagePack;
