/**
 * Word-by-word glossary for generated game names. A name is only localised
 * when every one of its words has an entry for that language; anything else
 * stays English-only, which is what operators see for most vendor titles.
 *
 * Names are built from roles (modifier, noun, head) instead of free text so
 * that each language can put the words in its own order: Chinese, Japanese
 * and Tagalog put modifiers first, Thai and Vietnamese after the noun, and
 * Tagalog joins them with the linker -ng / na.
 */

export const GLOSS_LANGS = ["zh", "ja", "th", "vi", "tl"] as const;
export type GlossLang = (typeof GLOSS_LANGS)[number];
type Forms = Partial<Record<GlossLang, string>>;

/** Japanese entries are attributive forms (黄金の, 赤い) so they can sit straight before a noun. */
export const MODIFIERS: Record<string, Forms> = {
  Golden: { zh: "黄金", ja: "黄金の", th: "ทอง", vi: "Vàng", tl: "Ginto" },
  Lucky: { zh: "幸运", ja: "ラッキー", th: "นำโชค", vi: "May Mắn", tl: "Maswerte" },
  Magic: { zh: "魔法", ja: "魔法の", th: "วิเศษ", vi: "Kỳ Diệu", tl: "Mahiwaga" },
  Happy: { zh: "快乐", ja: "ハッピー", th: "แสนสุข", vi: "Vui Vẻ", tl: "Masaya" },
  Red: { zh: "红", ja: "赤い", th: "แดง", vi: "Đỏ", tl: "Pula" },
  Silver: { zh: "银", ja: "銀の", th: "เงิน", vi: "Bạc", tl: "Pilak" },
  Ancient: { zh: "古代", ja: "古代の", th: "โบราณ", vi: "Cổ Đại", tl: "Sinauna" },
  Mystic: { zh: "神秘", ja: "神秘の", th: "ลึกลับ", vi: "Huyền Bí" },
  Little: { zh: "小", ja: "小さな", th: "น้อย", vi: "Nhỏ", tl: "Munti" },
  Big: { zh: "大", ja: "ビッグ", th: "ใหญ่", vi: "Lớn", tl: "Malaki" },
  Sweet: { zh: "甜蜜", ja: "スイート", th: "หวาน", vi: "Ngọt Ngào", tl: "Matamis" },
  Hot: { zh: "火热", ja: "ホット", th: "ร้อนแรง", vi: "Nóng Bỏng", tl: "Mainit" },
  Diamond: { zh: "钻石", ja: "ダイヤモンド", th: "เพชร", vi: "Kim Cương", tl: "Diyamante" },
  Royal: { zh: "皇家", ja: "ロイヤル", vi: "Hoàng Gia", tl: "Maharlika" },
  Wild: { zh: "狂野", ja: "ワイルド", vi: "Hoang Dã" },
  // Thai and Vietnamese put "super" before the noun, which the order rules below cannot express.
  Super: { zh: "超级", ja: "スーパー" },
  Thunder: { zh: "雷霆", ja: "雷の", th: "สายฟ้า", vi: "Sấm Sét" },
  Fire: { zh: "烈焰", ja: "炎の", th: "ไฟ", vi: "Lửa" },
  Midnight: { zh: "午夜", ja: "真夜中の", th: "เที่ยงคืน", vi: "Nửa Đêm", tl: "Hatinggabi" },
  Speed: { zh: "极速", ja: "スピード", th: "สปีด", vi: "Tốc Độ", tl: "Mabilis" },
  Jade: { zh: "翡翠", ja: "翡翠の", th: "หยก", vi: "Ngọc Bích" },
  Crystal: { zh: "水晶", ja: "クリスタル", th: "คริสตัล", vi: "Pha Lê", tl: "Kristal" },
  Twin: { zh: "双", ja: "ツイン", th: "แฝด", vi: "Song Sinh", tl: "Kambal" },
};

export const NOUNS: Record<string, Forms> = {
  Carabao: { zh: "水牛", ja: "カラバオ", th: "ควาย", vi: "Trâu", tl: "Kalabaw" },
  Dragon: { zh: "龙", ja: "ドラゴン", th: "มังกร", vi: "Rồng", tl: "Dragon" },
  Tiger: { zh: "虎", ja: "タイガー", th: "เสือ", vi: "Hổ", tl: "Tigre" },
  Phoenix: { zh: "凤凰", ja: "フェニックス", th: "หงส์", vi: "Phượng Hoàng" },
  Pearl: { zh: "珍珠", ja: "パール", th: "ไข่มุก", vi: "Ngọc Trai", tl: "Perlas" },
  Koi: { zh: "锦鲤", ja: "錦鯉", th: "ปลาคาร์ป", vi: "Cá Chép" },
  Panda: { zh: "熊猫", ja: "パンダ", th: "แพนด้า", vi: "Gấu Trúc", tl: "Panda" },
  Monkey: { zh: "猴子", ja: "モンキー", th: "ลิง", vi: "Khỉ", tl: "Unggoy" },
  Lion: { zh: "狮子", ja: "ライオン", th: "สิงโต", vi: "Sư Tử", tl: "Leon" },
  Eagle: { zh: "雄鹰", ja: "イーグル", th: "อินทรี", vi: "Đại Bàng", tl: "Agila" },
  Buffalo: { zh: "野牛", ja: "バッファロー", th: "กระทิง", vi: "Bò Rừng" },
  Jeepney: { zh: "吉普尼", ja: "ジープニー", th: "รถจี๊ปนีย์", tl: "Dyipni" },
  Mango: { zh: "芒果", ja: "マンゴー", th: "มะม่วง", vi: "Xoài", tl: "Mangga" },
  Fiesta: { zh: "嘉年华", ja: "フィエスタ", th: "งานฉลอง", vi: "Lễ Hội", tl: "Pista" },
  Gems: { zh: "宝石", ja: "ジェム", th: "อัญมณี", vi: "Đá Quý", tl: "Hiyas" },
  Fruits: { zh: "水果", ja: "フルーツ", th: "ผลไม้", vi: "Trái Cây", tl: "Prutas" },
  Coins: { zh: "金币", ja: "コイン", th: "เหรียญ", vi: "Đồng Xu", tl: "Barya" },
  Temple: { zh: "神殿", ja: "神殿", th: "วิหาร", vi: "Đền Thờ", tl: "Templo" },
  Volcano: { zh: "火山", ja: "火山", th: "ภูเขาไฟ", vi: "Núi Lửa", tl: "Bulkan" },
  Queen: { zh: "女王", ja: "クイーン", th: "ราชินี", vi: "Nữ Hoàng", tl: "Reyna" },
  King: { zh: "国王", ja: "キング", th: "ราชา", vi: "Vua", tl: "Hari" },
  Princess: { zh: "公主", ja: "プリンセス", th: "เจ้าหญิง", vi: "Công Chúa", tl: "Prinsesa" },
  Ninja: { zh: "忍者", ja: "忍者", th: "นินจา", vi: "Ninja", tl: "Ninja" },
  Samurai: { zh: "武士", ja: "侍", th: "ซามูไร", vi: "Samurai", tl: "Samurai" },
  Pirate: { zh: "海盗", ja: "海賊", th: "โจรสลัด", vi: "Cướp Biển", tl: "Pirata" },
  Genie: { zh: "灯神", ja: "ジーニー", th: "จินนี่", vi: "Thần Đèn" },
  Mermaid: { zh: "美人鱼", ja: "マーメイド", th: "นางเงือก", vi: "Nàng Tiên Cá", tl: "Sirena" },
  Island: { zh: "岛", ja: "アイランド", th: "เกาะ", vi: "Đảo", tl: "Isla" },
  Ocean: { zh: "海洋", ja: "オーシャン", th: "มหาสมุทร", vi: "Đại Dương", tl: "Karagatan" },
  Moon: { zh: "月亮", ja: "ムーン", th: "พระจันทร์", vi: "Mặt Trăng", tl: "Buwan" },
  Sun: { zh: "太阳", ja: "サン", th: "พระอาทิตย์", vi: "Mặt Trời", tl: "Araw" },
  Star: { zh: "星", ja: "スター", th: "ดวงดาว", vi: "Ngôi Sao", tl: "Bituin" },
  Goddess: { zh: "女神", ja: "女神", th: "เทพธิดา", vi: "Nữ Thần", tl: "Diyosa" },
  Warrior: { zh: "战士", ja: "ウォリアー", th: "นักรบ", vi: "Chiến Binh", tl: "Mandirigma" },
  Cherry: { zh: "樱桃", ja: "チェリー", th: "เชอร์รี่", vi: "Anh Đào", tl: "Seresa" },
  Lotus: { zh: "莲花", ja: "ロータス", th: "ดอกบัว", vi: "Hoa Sen" },
  Bamboo: { zh: "竹", ja: "バンブー", th: "ไผ่", vi: "Tre", tl: "Kawayan" },
  Candy: { zh: "糖果", ja: "キャンディ", th: "ลูกอม", vi: "Kẹo", tl: "Kendi" },
  Rooster: { zh: "公鸡", ja: "ルースター", th: "ไก่", vi: "Gà Trống", tl: "Tandang" },
  Sampaguita: { zh: "茉莉花", ja: "サンパギータ", th: "มะลิ", vi: "Hoa Nhài", tl: "Sampagita" },
  Pharaoh: { zh: "法老", ja: "ファラオ", th: "ฟาโรห์" },
  Elephant: { zh: "大象", ja: "エレファント", th: "ช้าง", vi: "Voi", tl: "Elepante" },
  Turtle: { zh: "海龟", ja: "タートル", th: "เต่า", vi: "Rùa", tl: "Pagong" },
  Crab: { zh: "螃蟹", ja: "カニ", th: "ปู", vi: "Cua", tl: "Alimango" },
  Shark: { zh: "鲨鱼", ja: "シャーク", th: "ฉลาม", vi: "Cá Mập", tl: "Pating" },
  Octopus: { zh: "章鱼", ja: "オクトパス", th: "ปลาหมึกยักษ์", vi: "Bạch Tuộc", tl: "Pugita" },
  Whale: { zh: "鲸鱼", ja: "ホエール", th: "วาฬ", vi: "Cá Voi", tl: "Balyena" },
  Manila: { zh: "马尼拉", ja: "マニラ", th: "มะนิลา", vi: "Manila", tl: "Maynila" },
  Cebu: { zh: "宿务", ja: "セブ", th: "เซบู", vi: "Cebu", tl: "Cebu" },
  Boracay: { zh: "长滩岛", ja: "ボラカイ", th: "โบราไกย์", vi: "Boracay", tl: "Boracay" },
  Palawan: { zh: "巴拉望", ja: "パラワン", th: "ปาลาวัน", vi: "Palawan", tl: "Palawan" },
  Davao: { zh: "达沃", ja: "ダバオ", th: "ดาเวา", vi: "Davao", tl: "Davao" },
  Baguio: { zh: "碧瑶", ja: "バギオ", th: "บาเกียว", vi: "Baguio", tl: "Baguio" },
  Baccarat: { zh: "百家乐", ja: "バカラ", th: "บาคาร่า", vi: "Baccarat", tl: "Baccarat" },
  Roulette: { zh: "轮盘", ja: "ルーレット", th: "รูเล็ต", vi: "Cò Quay", tl: "Roleta" },
  Blackjack: { zh: "二十一点", ja: "ブラックジャック", th: "แบล็คแจ็ค", vi: "Blackjack", tl: "Blackjack" },
};

/**
 * Heads close an English name ("Carabao Fortune" = the fortune of the carabao).
 * `tl` says how Tagalog attaches the rest: "ng"/"sa" put the head first
 * ("Kayamanan ng Gintong Kalabaw"), "after" keeps the English order ("… Bingo").
 */
type HeadForms = Forms & { tlJoin?: "ng" | "sa" | "after" };
export const HEADS: Record<string, HeadForms> = {
  Fortune: { zh: "财富", ja: "フォーチュン", th: "โชคลาภ", vi: "Tài Lộc", tl: "Kapalaran" },
  Treasure: { zh: "宝藏", ja: "トレジャー", th: "สมบัติ", vi: "Kho Báu", tl: "Kayamanan" },
  Legend: { zh: "传说", ja: "レジェンド", th: "ตำนาน", vi: "Huyền Thoại", tl: "Alamat" },
  Adventure: { zh: "冒险", ja: "アドベンチャー", th: "การผจญภัย", tl: "Pakikipagsapalaran" },
  Kingdom: { zh: "王国", ja: "キングダム", th: "อาณาจักร", vi: "Vương Quốc", tl: "Kaharian" },
  Party: { zh: "派对", ja: "パーティー", th: "ปาร์ตี้", vi: "Bữa Tiệc" },
  Jackpot: { zh: "大奖", ja: "ジャックポット", th: "แจ็คพอต", vi: "Giải Độc Đắc", tl: "Jackpot", tlJoin: "after" },
  Palace: { zh: "宫殿", ja: "パレス", th: "พระราชวัง", vi: "Cung Điện", tl: "Palasyo" },
  Nights: { zh: "之夜", ja: "ナイツ", th: "ราตรี", vi: "Đêm", tl: "Gabi", tlJoin: "sa" },
  Dreams: { zh: "之梦", ja: "ドリームズ", th: "ความฝัน", vi: "Giấc Mơ", tl: "Pangarap" },
  Hunter: { zh: "猎人", ja: "ハンター", th: "นักล่า", vi: "Thợ Săn", tl: "Mangangaso" },
  Fishing: { zh: "捕鱼", ja: "フィッシング", th: "ตกปลา", vi: "Câu Cá", tl: "Pangingisda", tlJoin: "sa" },
  Bingo: { zh: "宾果", ja: "ビンゴ", th: "บิงโก", vi: "Bingo", tl: "Bingo", tlJoin: "after" },
  Empire: { zh: "帝国", ja: "エンパイア", th: "จักรวรรดิ", vi: "Đế Chế", tl: "Imperyo" },
  Sunset: { zh: "日落", ja: "サンセット", th: "อาทิตย์อัสดง", vi: "Hoàng Hôn", tl: "Takipsilim", tlJoin: "sa" },
  Festival: { zh: "节", ja: "フェスティバル", th: "เทศกาล", vi: "Lễ Hội", tl: "Pista" },
};

/** Every glossary word with its translations, whatever its role; tests check names against it. */
export const GLOSSARY: Record<string, Forms> = { ...MODIFIERS, ...NOUNS, ...HEADS };

/**
 * A generated name: optional modifier, a noun, an optional head and an
 * optional edition ("2", "Deluxe"). `raw` names are hand-written and never localised.
 */
export type NameSpec = { mod?: string; noun: string; head?: string; edition?: string } | { raw: string };

export function englishName(spec: NameSpec): string {
  if ("raw" in spec) return spec.raw;
  return [spec.mod, spec.noun, spec.head, spec.edition].filter(Boolean).join(" ");
}

/** Tagalog linker: -ng after a vowel, -g after n, otherwise a separate "na". */
function tagalogModifier(word: string): string {
  if (/[aeiou]$/i.test(word)) return `${word}ng`;
  if (/n$/i.test(word)) return `${word}g`;
  return `${word} na`;
}

export function translateName(spec: NameSpec, lang: GlossLang): string | undefined {
  if ("raw" in spec) return undefined;
  // Numbers read the same everywhere; word editions such as "Deluxe" have no entry on purpose.
  if (spec.edition !== undefined && !/^\d+$/.test(spec.edition)) return undefined;
  const mod = spec.mod === undefined ? "" : MODIFIERS[spec.mod]?.[lang];
  const noun = NOUNS[spec.noun]?.[lang];
  const headForms = spec.head === undefined ? undefined : HEADS[spec.head];
  const head = spec.head === undefined ? "" : headForms?.[lang];
  if (mod === undefined || noun === undefined || head === undefined) return undefined;
  const edition = spec.edition === undefined ? "" : ` ${spec.edition}`;

  switch (lang) {
    case "zh":
    case "ja":
      return `${mod}${noun}${head}${edition}`;
    case "th":
      return `${head}${noun}${mod}${edition}`;
    case "vi":
      return [head, noun, mod].filter(Boolean).join(" ") + edition;
    case "tl": {
      const phrase = mod ? `${tagalogModifier(mod)} ${noun}` : noun;
      if (!head) return phrase + edition;
      const join = headForms?.tlJoin ?? "ng";
      return (join === "after" ? `${phrase} ${head}` : `${head} ${join} ${phrase}`) + edition;
    }
  }
}

/** `en` always, plus every language the glossary fully covers. */
export function localisedNames(spec: NameSpec): Record<string, string> {
  const out: Record<string, string> = { en: englishName(spec) };
  for (const lang of GLOSS_LANGS) {
    const name = translateName(spec, lang);
    if (name !== undefined) out[lang] = name;
  }
  return out;
}
