/**
 * TRAINING templates of everyday honest writing: how members in India talk in Hindi (Devanagari), Hinglish and English
 * about the very things scams speak of (UPI payments, bank visits, KYC done at the branch, OTP advice, jobs and exams,
 * government schemes on their official sites, bank loans, investing through SEBI-registered brokers, police and
 * cyber-crime news, family chat about money), and @mentions of other members in every language. On purpose many are
 * hard: money, numbers, links to real bank and government sites, OTPs, police and instructions to a friend, with no
 * live channel to a stranger. An @handle of a member is how people talk to each other here, not a scam's channel.
 */
import type { Lang, Slots } from './templating.ts';
import { trainSlots } from './train-templates.ts';

export const everydaySlots: Slots = {
  ...trainSlots,
  mention: [
    '@Ravi',
    '@Priya',
    '@SaffronTiger',
    '@BlueLotus',
    '@neha_k',
    '@Arjun',
    '@MintyPeacock',
    '@Sunita',
    '@rahul_v',
    '@Kavya',
    '@GreenParrot',
    '@deepak88',
    '@Anjali',
    '@QuietElephant',
    '@manoj_s',
  ],
  kin: ['bhai', 'didi', 'ji', 'yaar', 'bhaiya', 'sir', 'dost'],
  kinHi: ['भाई', 'दीदी', 'जी', 'भैया', 'सर', 'दोस्त'],
  officialSite: [
    'onlinesbi.sbi',
    'uidai.gov.in',
    'pmkisan.gov.in',
    'incometax.gov.in',
    'cybercrime.gov.in',
    'sancharsaathi.gov.in',
    'npci.org.in',
    'rbi.org.in',
    'sebi.gov.in',
    'epfindia.gov.in',
    'ssc.gov.in',
    'upsc.gov.in',
    'pmjay.gov.in',
    'netbanking.hdfcbank.com',
    'icicibank.com',
  ],
  exam: ['SSC CGL', 'UPSC prelims', 'NEET', 'JEE Main', 'bank PO', 'railway group D', 'CTET', 'CA foundation'],
  examHi: ['एसएससी सीजीएल', 'यूपीएससी प्रारंभिक', 'नीट', 'जेईई मेन', 'बैंक पीओ', 'रेलवे ग्रुप डी', 'सीटेट', 'पुलिस भर्ती'],
  bankHi: ['एसबीआई', 'पंजाब नेशनल बैंक', 'बैंक ऑफ बड़ौदा', 'केनरा बैंक', 'एचडीएफसी', 'आईसीआईसीआई', 'यूनियन बैंक', 'डाकघर'],
  cityHi: ['दिल्ली', 'लखनऊ', 'जयपुर', 'पटना', 'भोपाल', 'इंदौर', 'कानपुर', 'वाराणसी', 'मुंबई', 'पुणे'],
  schemeHi: ['पीएम किसान', 'आयुष्मान भारत', 'उज्ज्वला योजना', 'सुकन्या समृद्धि योजना', 'अटल पेंशन योजना', 'पीएम आवास योजना', 'लाडली बहना योजना'],
  relHi: ['पापा', 'मम्मी', 'दादी', 'चाचा जी', 'भैया', 'दीदी', 'मामा जी', 'बेटे'],
  rel: ['papa', 'mummy', 'dadi', 'chacha', 'bhaiya', 'didi', 'mama ji', 'beta'],
  time: ['kal', 'aaj shaam', 'Sunday ko', 'parso', 'agle hafte', 'subah 10 baje'],
  timeHi: ['कल', 'आज शाम', 'रविवार को', 'परसों', 'अगले हफ्ते', 'सुबह दस बजे'],
};

type Templates = Partial<Record<Lang, string[]>>;

export const everydayTemplates: Record<string, Templates> = {
  // Members talking to members: the @handle names a person in the thread, often with a friendly request.
  'honest-mention': {
    en: [
      '[Hey|Hi|Thanks] {mention} and {mention}, [see you tomorrow|great point|agree with both of you|that was helpful].',
      '{mention} [thanks for the notes|congrats on the new job|happy birthday|welcome to the channel]! [Cheers.|Well deserved.|Have a great day.]',
      '{mention} [can you share|please send me|do you still have] the [photos from Sunday|syllabus PDF|recipe|meeting notes]?',
      '[Agree with|Replying to] {mention}: [the branch was crowded today too|it took me two weeks as well|same happened with my order].',
      '{mention} check this out, you asked about [SIPs|the exam date|the train timings|the cricket score] [yesterday|last week].',
      '[Tagging|cc] {mention} {mention} [for the trip plan|since you were asking|for the potluck list].',
      '{mention} [I paid you back|sent you] {amount} for [the dinner|the tickets|the cab] on {app}, please check.',
      '{mention} please call me when you are free, [papa wants to talk about the wedding|need help with my laptop].',
    ],
    hinglish: [
      '{mention} {kin}, {time} milte hain[| chai pe| market mein].',
      '{mention} aur {mention}, [aap dono sahi ho|bahut badhiya point|thanks yaar|kal ki party mast thi].',
      '{mention} {kin} [notes bhej do please|photos share karo na|syllabus ka PDF hai kya]?',
      '{mention} [congrats|badhai ho|mubarak ho] [naukri ke liye|result ke liye|shaadi ki]! [Party kab de rahe ho?|Bahut khushi hui.]',
      '{mention} maine tumhe {amount} bhej diye {app} pe, [dinner ka hisaab|tickets ke|cab ke], check kar lo.',
      '{mention} {kin} mujhe call karo jab free ho, [ghar ki baat karni hai|laptop ka problem hai].',
      '{mention} [sahi bola|bilkul sahi|same mere saath hua], [branch mein bahut bheed thi|do hafte lage mujhe bhi].',
      '{mention} {mention} join karo {time} [cricket khelne|mandir chalne|movie dekhne], sab aa rahe hain.',
      '{mention} tumne jo [recipe|book|phone] bataya tha, bahut achha nikla, thanks {kin}.',
    ],
    hi: [
      '{mention} {kinHi}, {timeHi} मिलते हैं।',
      '{mention} और {mention}, [आप दोनों सही हो|बहुत बढ़िया बात कही|धन्यवाद|कल की पूजा बहुत अच्छी रही]।',
      '{mention} [बधाई हो|मुबारक हो], [नौकरी लगने की|परीक्षा पास करने की|बेटी के जन्म की]! [मिठाई कब खिला रहे हो?|बहुत खुशी हुई।]',
      '{mention} {kinHi} [नोट्स भेज दो|फोटो शेयर करो|सिलेबस की पीडीएफ है क्या]?',
      '{mention} मैंने आपको {app} पर {amount} भेज दिए, [खाने का हिसाब|टिकट के पैसे|किराए का हिस्सा], देख लेना।',
      '{mention} {kinHi} फ्री हो तो फोन करना, [घर की बात करनी है|शादी की तैयारी पर बात करनी है]।',
      '{mention} आपने सही कहा, [शाखा में बहुत भीड़ थी|मुझे भी दो हफ्ते लगे|मेरे साथ भी यही हुआ]।',
      '{mention} {mention} {timeHi} [क्रिकेट खेलने|मंदिर|बाजार] चलोगे? सब आ रहे हैं।',
    ],
    kn: [
      '{mention} ಮತ್ತು {mention}, ನಾಳೆ ಸಿಗೋಣ. ಧನ್ಯವಾದಗಳು!',
      '{mention} ಅಭಿನಂದನೆಗಳು, ಹೊಸ ಕೆಲಸಕ್ಕೆ ಶುಭಾಶಯಗಳು! ಫೋಟೋಗಳನ್ನು ಕಳುಹಿಸಿ.',
      '{mention} ನಿಮಗೆ {app} ನಲ್ಲಿ {amount} ಕಳುಹಿಸಿದ್ದೇನೆ, ಊಟದ ಲೆಕ್ಕ. ನೋಡಿಕೊಳ್ಳಿ.',
    ],
    ta: [
      '{mention} மற்றும் {mention}, நாளை சந்திப்போம். நன்றி!',
      '{mention} வாழ்த்துக்கள், புதிய வேலைக்கு! புகைப்படங்களை அனுப்புங்கள்.',
      '{mention} உங்களுக்கு {app} மூலம் {amount} அனுப்பினேன், சாப்பாட்டு கணக்கு. பாருங்கள்.',
    ],
    bn: [
      '{mention} আর {mention}, কাল দেখা হবে। ধন্যবাদ!',
      '{mention} অভিনন্দন, নতুন চাকরির জন্য! ছবিগুলো পাঠিয়ে দিও।',
      '{mention} তোমাকে {app} এ {amount} পাঠালাম, খাওয়ার হিসাব। দেখে নিও।',
    ],
    mr: [
      '{mention} आणि {mention}, उद्या भेटूया. धन्यवाद!',
      '{mention} अभिनंदन, नवीन नोकरीबद्दल! फोटो पाठव.',
      '{mention} तुला {app} वर {amount} पाठवले, जेवणाचा हिशोब. बघून घे.',
    ],
    te: [
      '{mention} మరియు {mention}, రేపు కలుద్దాం. ధన్యవాదాలు!',
      '{mention} అభినందనలు, కొత్త ఉద్యోగానికి! ఫోటోలు పంపండి.',
      '{mention} నీకు {app} లో {amount} పంపాను, భోజనం లెక్క. చూసుకో.',
    ],
  },
  'honest-upi': {
    hi: [
      '{relHi} को {app} से {amount} भेज दिए, [पैसे तुरंत पहुंच गए|दो मिनट में मैसेज आ गया]।',
      'दुकान वाले भैया अब सिर्फ यूपीआई लेते हैं, मैंने सब्ज़ी के {small} {app} से दिए।',
      'बिजली का बिल {app} से भरा, रसीद तुरंत आ गई। अब लाइन में खड़े होने की ज़रूरत नहीं।',
      'मेरा {app} पेमेंट अटक गया, {bankHi} ने कहा तीन से पांच दिन में पैसे वापस आ जाएंगे।',
      'यूपीआई लाइट चालू किया, छोटे भुगतान बिना पिन के हो जाते हैं।',
      'ऑटो वाले को क्यूआर कोड से {small} दिए, छुट्टे की झंझट खत्म।',
    ],
    hinglish: [
      '{rel} ko {app} se {amount} bhej diye, turant pahunch gaye.',
      'Sabzi wale bhaiya ab sirf UPI lete hain, {small} {app} se de diye.',
      'Bijli ka bill {app} se bhara, receipt turant aa gayi.',
      'Mera {app} payment atak gaya, bank ne bola 3-5 din mein refund aa jayega.',
      'Auto wale ko QR scan karke {small} diye, chhutte ki tension khatam.',
    ],
  },
  'honest-bank': {
    hi: [
      'आज {bankHi} की शाखा गया था, केवाईसी अपडेट करवाया। आधार और पैन की कॉपी लगी, बीस मिनट में काम हो गया।',
      '{relHi} की पासबुक अपडेट करवानी थी, {bankHi} में बहुत भीड़ थी पर काम हो गया।',
      'बैंक से री-केवाईसी का पत्र आया था, शाखा जाकर फॉर्म भर दिया। किसी लिंक पर कुछ नहीं भरा।',
      'बैंक वाले ने खुद कहा कि ओटीपी किसी को मत बताना, बैंक कभी फोन पर ओटीपी नहीं मांगता।',
      'ओटीपी सिर्फ अपने लेन-देन के लिए होता है, {relHi} को समझा दिया कि किसी के कहने पर न बताएं।',
      '{bankHi} में {relHi} के नाम से एफडी करवाई, ब्याज सात प्रतिशत मिल रहा है।',
      'नया डेबिट कार्ड शाखा से लिया, पिन एटीएम पर जाकर बनाया।',
      'नेट बैंकिंग का पासवर्ड भूल गया था, बैंक की असली वेबसाइट {officialSite} से रीसेट किया।',
      '{bankHi} का एटीएम कल से खराब है, पास वाले एटीएम से पैसे निकाले।',
      'सुकन्या समृद्धि खाता डाकघर में खुलवाया, {amount} जमा किए।',
    ],
    hinglish: [
      'Aaj {bank} branch gaya tha, KYC update karwaya, Aadhaar aur PAN ki copy lagi, 20 minute mein ho gaya.',
      'Bank se re-KYC ka letter aaya tha, branch jaake form bhar diya. Kisi link pe kuch nahi bhara.',
      'Bank manager ne khud bola OTP kisi ko mat batana, bank kabhi phone pe OTP nahi maangta.',
      'OTP sirf apne transaction ke liye hota hai, {rel} ko samjha diya kisi ko na batayein.',
      '{bank} mein {rel} ke naam se FD karwayi, 7% interest mil raha hai.',
      'Net banking password reset kiya bank ki official site {officialSite} se, 5 minute laga.',
      'Passbook update karwani thi, branch mein bheed thi par kaam ho gaya.',
    ],
  },
  'honest-jobs': {
    hi: [
      '{examHi} का नोटिफिकेशन आ गया है, आवेदन सिर्फ आधिकारिक साइट {officialSite} पर करें। फीस {small} है।',
      'मेरा {examHi} का रिजल्ट आ गया, मेरिट लिस्ट में नाम है! सबका धन्यवाद।',
      '{cityHi} में एक कंपनी में इंटरव्यू दिया, तीन राउंड हुए, कोई फीस नहीं ली।',
      '{examHi} की तैयारी के लिए कौन सी किताबें अच्छी हैं? सुझाव दीजिए।',
      'भाई को {cityHi} में नौकरी मिल गई, ऑफर लेटर कंपनी की ईमेल से आया।',
      'रेलवे भर्ती की परीक्षा की तारीख बदल गई है, एडमिट कार्ड अगले हफ्ते आएगा।',
    ],
    hinglish: [
      '{exam} ka notification aa gaya, form sirf official site {officialSite} pe bharna. Fees {small} hai.',
      'Mera {exam} ka result aa gaya, merit list mein naam hai! Sabka thanks.',
      '{city} mein interview diya tha, 3 round hue, koi fees nahi li company ne.',
      '{exam} ki taiyari ke liye kaunsi books achhi hain? Suggest karo.',
      'Bhai ki naukri lag gayi {city} mein, offer letter company ki email se aaya.',
    ],
  },
  'honest-schemes': {
    hi: [
      '{schemeHi} के लिए आवेदन सरकारी पोर्टल पर मुफ्त है, किसी एजेंट को पैसे मत दीजिए। {relHi} का फॉर्म सीएससी केंद्र पर भरा।',
      '{relHi} के खाते में {schemeHi} की किस्त आ गई, स्थिति {officialSite} पर आधार नंबर से देख सकते हैं।',
      'आयुष्मान कार्ड गांव के जन सेवा केंद्र पर बना, कोई पैसा नहीं लगा।',
      '{schemeHi} में कौन-कौन से कागज़ लगते हैं? राशन कार्ड और आय प्रमाण पत्र चाहिए क्या?',
      'उज्ज्वला योजना का गैस कनेक्शन गैस एजेंसी से मिला, सिर्फ आधार और बैंक पासबुक लगी।',
    ],
    hinglish: [
      '{scheme} ka form sarkari portal pe free hai, kisi agent ko paise mat do. {rel} ka form CSC centre pe bhara.',
      '{rel} ke account mein {scheme} ki kist aa gayi, status {officialSite} pe Aadhaar se dekh sakte ho.',
      'Ayushman card gaon ke CSC centre pe bana, koi paisa nahi laga.',
    ],
  },
  'honest-loans': {
    hi: [
      '{bankHi} से होम लोन मंज़ूर हो गया, प्रोसेसिंग फीस स्वीकृति पत्र में साफ लिखी थी।',
      'बेटी की पढ़ाई के लिए {bankHi} से एजुकेशन लोन लिया, शाखा ने एडमिशन लेटर देखा।',
      'गोल्ड लोन लें या पर्सनल लोन? {bankHi} में ब्याज दर कितनी चल रही है?',
      'कार लोन की आखिरी किस्त भर दी, अब एनओसी लेने शाखा जाना है।',
      'सिबिल स्कोर समय पर किस्त भरने से ठीक हुआ, अब लोन आसानी से मिल गया।',
    ],
    hinglish: [
      '{bank} se home loan sanction ho gaya, processing fee sanction letter mein clearly likhi thi.',
      'Car loan ki last EMI bhar di, ab NOC lene branch jaana hai.',
      'Gold loan lein ya personal loan? {bank} mein interest kitna chal raha hai?',
    ],
  },
  'honest-investing': {
    hi: [
      'मैंने सेबी में रजिस्टर्ड ब्रोकर के ज़रिए डीमैट खाता खोला, {small} से एसआईपी शुरू की।',
      'म्यूचुअल फंड में हर महीने {amount} की एसआईपी चल रही है, लंबे समय के लिए।',
      'शेयर बाज़ार में पक्का मुनाफा कोई नहीं देता, मैं इंडेक्स फंड में ही पैसा लगाता हूं।',
      'पीपीएफ खाते में इस साल {amount} जमा किए, टैक्स भी बचता है।',
      'किसी सलाहकार को पैसे देने से पहले {officialSite} पर उसका रजिस्ट्रेशन देख लें।',
    ],
    hinglish: [
      'SEBI registered broker se demat khola, {small} se SIP shuru ki.',
      'Mutual fund mein har mahine {amount} ki SIP chal rahi hai, long term ke liye.',
      'Share market mein pakka profit koi nahi deta, main index fund mein hi paisa lagata hoon.',
      'Kisi advisor ko paise dene se pehle sebi.gov.in pe registration check kar lo.',
    ],
  },
  // Police and cyber-crime news and advice: arrests, amounts, complaints at 1930, without any channel to a stranger.
  news: {
    hi: [
      '{cityHi} पुलिस ने साइबर ठगी करने वाले गिरोह के पांच लोगों को पकड़ा, उनके पास से {big} बरामद हुए।',
      'खबर: {cityHi} में डिजिटल अरेस्ट के नाम पर एक बुज़ुर्ग से {big} ठगे गए, पुलिस जांच कर रही है।',
      'साइबर थाने में शिकायत की तो पुलिस ने मेरे {amount} वापस करवाए, 1930 पर तुरंत कॉल करना काम आया।',
      '{relHi} का फोन चोरी हो गया था, थाने में रिपोर्ट लिखवाई और संचार साथी पोर्टल पर फोन ब्लॉक करवाया।',
      'आज स्कूल में पुलिस वाले आए थे, बच्चों को साइबर सुरक्षा और ओटीपी न बताने के बारे में समझाया।',
    ],
    hinglish: [
      '{city} police ne cyber fraud gang ke 5 log pakde, unke paas se {big} mile.',
      'Cyber thane mein complaint ki toh police ne mere {amount} wapas karwaye, 1930 pe turant call karna kaam aaya.',
      '{rel} ka phone chori ho gaya tha, thane mein FIR likhwayi aur Sanchar Saathi pe block karwaya.',
      'Aaj school mein police wale aaye the, bachon ko OTP na batane ke baare mein samjhaya.',
    ],
  },
  // Family and community talk that mentions money.
  'honest-family': {
    hi: [
      'शादी के लिए {relHi} ने {amount} का शगुन भेजा, सबको बहुत खुशी हुई।',
      'मोहल्ले की समिति दिवाली के लिए हर घर से {small} इकट्ठा कर रही है, पैसे सीधे कोषाध्यक्ष को दें।',
      'दादी की दवाई का खर्च {amount} महीना है, आयुष्मान कार्ड से अस्पताल में इलाज मुफ्त हुआ।',
      'बेटे की स्कूल फीस {amount} ऑनलाइन भर दी, स्कूल की वेबसाइट पर रसीद मिल गई।',
      'आज {cityHi} में बहुत बारिश हुई, बाज़ार में पानी भर गया। सब सुरक्षित रहें।',
      'मंदिर के भंडारे के लिए सबने मिलकर {amount} जोड़े, हिसाब रजिस्टर में लिखा है।',
      'आज का मैच शानदार था, आखिरी ओवर में जीत गए!',
      '{cityHi} में अच्छा डॉक्टर कौन है? {relHi} के घुटने में दर्द है।',
    ],
    hinglish: [
      'Shaadi ke liye {rel} ne {amount} ka shagun bheja, sab khush ho gaye.',
      'Society wale Diwali ke liye har ghar se {small} le rahe hain, paise seedha treasurer ko do.',
      'Beta ki school fees {amount} online bhar di, school ki website pe receipt mil gayi.',
      'Mandir ke bhandare ke liye sabne milke {amount} jode, hisaab register mein likha hai.',
      '{city} mein koi achha doctor batao, {rel} ke ghutne mein dard hai.',
    ],
  },
  // Warnings in the regional languages: a scam's words retold (a call, a message, a fee asked) with advice.
  warning: {
    mr: [
      'सावधान! कोणी {agency} अधिकारी असल्याचे सांगून फोन करून पैसे मागितले तर घाबरू नका, फोन कट करा आणि 1930 वर तक्रार करा.',
      'माझ्या काकांना KYC अपडेटचा मेसेज आला होता, त्यात लिंक होती. बँक असे मेसेज पाठवत नाही, अशा लिंकवर क्लिक करू नका.',
      'लॉटरी जिंकल्याचे मेसेज खोटे असतात. बक्षीसासाठी शुल्क मागणारे लोक फसवणूक करतात, पैसे पाठवू नका.',
      'घरबसल्या काम देतो म्हणून टेलिग्राम ग्रुपमध्ये आधी पैसे भरायला सांगतात, ही फसवणूक आहे. माझ्या मैत्रिणीचे {amount} गेले.',
      'कर्ज ॲप डाउनलोड करायला सांगणाऱ्या मेसेजपासून सावध रहा. फक्त बँकेकडूनच कर्ज घ्या.',
      'पोलीस कधीही व्हिडिओ कॉलवर डिजिटल अरेस्ट करत नाहीत आणि पैसे मागत नाहीत. असा कॉल आला तर cybercrime.gov.in वर तक्रार करा.',
      '[सावधान|सतर्क रहा|जागरूक रहा]: {bank} [कधीही|कधीच] फोनवर OTP किंवा PIN मागत नाही. [कोणालाही OTP सांगू नका.|असा फोन आला तर लगेच कट करा.] [फसवणूक झाल्यास 1930 वर कॉल करा.|तक्रार cybercrime.gov.in वर करा.]',
      '[माझ्या वडिलांना|आमच्या शेजाऱ्यांना|माझ्या आईला] [{courier} पार्सलच्या नावाने|वीज बिल थकल्याचा|KYC संपल्याचा] [फोन|मेसेज] आला होता आणि [पैसे|OTP|UPI PIN] मागितले. [ही फसवणूक आहे|असे मेसेज खोटे असतात], [कोणालाही सांगू नका|सगळ्यांना सांगा].',
      '[फसवणुकीपासून सावध रहा|सायबर फसवणूक वाढत आहे]: [पैसे मिळवण्यासाठी UPI PIN टाकावा लागत नाही|लॉटरीच्या नावाने शुल्क मागणारे फसवे असतात|सरकारी योजनेसाठी कोणतेही शुल्क लागत नाही]. [हा मेसेज सगळ्यांना पाठवा.|घरातील ज्येष्ठांना समजावून सांगा.]',
      '[मित्रांनो|सर्वांना विनंती], [कोणी|अनोळखी व्यक्ती] [{agency} मधून बोलतोय|बँकेतून बोलतोय|कुरिअर कंपनीतून बोलतोय] असे सांगून [पैसे|OTP|खात्याची माहिती] मागितली तर [देऊ नका|सांगू नका]. [हा मेसेज पुढे पाठवा.|घरच्यांना सांगा.]',
      '[काल|परवा|आज सकाळी] [माझ्या भावाला|आमच्या काकूंना|ऑफिसमधील सहकाऱ्याला] [बक्षीस जिंकल्याचा|कर्ज मंजूर झाल्याचा|पार्ट टाइम नोकरीचा] मेसेज आला, [शुल्क|प्रोसेसिंग फी|नोंदणी फी] म्हणून {small} मागितले. [ही फसवणूक होती.|त्याने पैसे पाठवले नाहीत, चांगले केले.] [सावध रहा.|कोणालाही पैसे पाठवू नका.]',
      '[महत्त्वाची सूचना|जनहितार्थ]: [बँक|पोलीस|सरकार] [कधीही|कधीच] [WhatsApp वर|फोनवर|SMS ने] [पैसे|OTP|PIN|KYC कागदपत्रे] मागत नाही. [असा मेसेज आला तर दुर्लक्ष करा.|अशा नंबरला ब्लॉक करा आणि तक्रार करा.]',
      '[{city} मध्ये|आमच्या गावात] [डिजिटल अरेस्टच्या|KYC च्या|लॉटरीच्या] नावाने [फसवणुकीचे|ठगीचे] प्रकार वाढले आहेत. [पोलिसांनी टोळीला अटक केली.|पोलीस तपास करत आहेत.] [काळजी घ्या.|1930 हा हेल्पलाइन नंबर लक्षात ठेवा.]',
      '[{city} पोलिसांनी|सायबर पोलिसांनी] [सांगितले|आवाहन केले] की [अनोळखी लिंकवर क्लिक करू नका|अनोळखी ॲप डाउनलोड करू नका|व्हिडिओ कॉलवर घाबरू नका]. [फसवणूक झाल्यास 1930 वर लगेच कॉल करा.|तक्रार cybercrime.gov.in वर नोंदवा.]',
    ],
    kn: [
      'ಎಚ್ಚರಿಕೆ: ಲಾಟರಿ ಗೆದ್ದಿದ್ದೀರಿ ಎಂಬ ಸಂದೇಶಗಳು ಸುಳ್ಳು. ಬಹುಮಾನಕ್ಕೆ ಶುಲ್ಕ ಕೇಳುವವರು ವಂಚಕರು, ಹಣ ಕಳುಹಿಸಬೇಡಿ.',
      'ಮನೆಯಿಂದ ಕೆಲಸ ಕೊಡುತ್ತೇವೆ ಎಂದು ಟೆಲಿಗ್ರಾಮ್ ಗುಂಪಿಗೆ ಸೇರಿಸಿ ಮೊದಲು ಹಣ ಕಟ್ಟಲು ಹೇಳುತ್ತಾರೆ, ಇದು ವಂಚನೆ. ನನ್ನ ಅಣ್ಣನ {amount} ಹೋಯಿತು.',
      'ಪೊಲೀಸರು ವಿಡಿಯೋ ಕಾಲ್‌ನಲ್ಲಿ ಡಿಜಿಟಲ್ ಅರೆಸ್ಟ್ ಮಾಡುವುದಿಲ್ಲ, ಹಣ ಕೇಳುವುದಿಲ್ಲ. ಅಂತಹ ಕರೆ ಬಂದರೆ 1930 ಗೆ ದೂರು ನೀಡಿ.',
    ],
    ta: [
      'எச்சரிக்கை: லாட்டரி வென்றதாக வரும் செய்திகள் பொய். பரிசுக்கு கட்டணம் கேட்பவர்கள் மோசடிக்காரர்கள், பணம் அனுப்பாதீர்கள்.',
      'வீட்டிலிருந்து வேலை தருவதாகச் சொல்லி டெலிகிராம் குழுவில் சேர்த்து முதலில் பணம் கட்டச் சொல்கிறார்கள், இது மோசடி. என் தம்பியின் {amount} போனது.',
      'காவல்துறை வீடியோ அழைப்பில் டிஜிட்டல் கைது செய்வதில்லை, பணம் கேட்பதில்லை. அப்படி அழைப்பு வந்தால் 1930 இல் புகார் செய்யுங்கள்.',
    ],
    bn: [
      'সাবধান: লটারি জেতার মেসেজ মিথ্যা। পুরস্কারের জন্য ফি চাইলে সেটা প্রতারণা, টাকা পাঠাবেন না।',
      'বাড়ি থেকে কাজ দেবে বলে টেলিগ্রাম গ্রুপে যোগ করিয়ে আগে টাকা জমা দিতে বলে, এটা প্রতারণা। আমার দাদার {amount} গেছে।',
      'পুলিশ ভিডিও কলে ডিজিটাল অ্যারেস্ট করে না, টাকা চায় না। এমন কল এলে 1930 নম্বরে অভিযোগ করুন।',
    ],
    te: [
      'హెచ్చరిక: లాటరీ గెలిచారనే మెసేజ్‌లు అబద్ధం. బహుమతికి ఫీజు అడిగేవాళ్లు మోసగాళ్లు, డబ్బు పంపకండి.',
      'ఇంటి నుంచి ఉద్యోగం ఇస్తామని టెలిగ్రామ్ గ్రూప్‌లో చేర్చి ముందు డబ్బు కట్టమంటారు, ఇది మోసం. మా అన్నయ్య {amount} పోగొట్టుకున్నాడు.',
      'పోలీసులు వీడియో కాల్‌లో డిజిటల్ అరెస్ట్ చేయరు, డబ్బు అడగరు. అలాంటి కాల్ వస్తే 1930 కి ఫిర్యాదు చేయండి.',
    ],
  },
};
