/*
The names `\p{NAME}` and `\P{NAME}` accept in a regular expression, which depend on the Go release the program was built with: Terraform 1.11 (Go 1.23) takes the general categories (`L`, `Lu`, ...) and scripts (`Greek`) by their exact names, and `Any`; OpenTofu 1.11 (Go 1.25, opentofu/opentofu CHANGELOG.md of v1.11.0, #3166) also takes `ASCII`, `Assigned`, `Cn`, `LC` and the long category names of Unicode's PropertyValueAliases (`Letter`, `Uppercase_Letter`, `digit`), all looked up as Unicode TR18 says: case-insensitive, ignoring spaces, underscores and hyphens.

re2js (the RE2 engine) knows more than either (binary properties such as `Alphabetic`, and the extra names under its own spelling), so every `\p{...}` is checked and rewritten to re2js's name before compiling.
*/

export type UnicodeClassNames = 'go1.23' | 'go1.25';

const generalCategories = ['C', 'Cc', 'Cf', 'Co', 'Cs', 'L', 'Ll', 'Lm', 'Lo', 'Lt', 'Lu', 'M', 'Mc', 'Me', 'Mn', 'N', 'Nd', 'Nl', 'No', 'P', 'Pc', 'Pd', 'Pe', 'Pf', 'Pi', 'Po', 'Ps', 'S', 'Sc', 'Sk', 'Sm', 'So', 'Z', 'Zl', 'Zp', 'Zs'];

// Unicode's PropertyValueAliases.txt for General_Category: the long names (and the POSIX-like extra aliases) of each short name.
const categoryAliases: Readonly<Record<string, readonly string[]>> = {
	C: ['Other'], Cc: ['Control', 'cntrl'], Cf: ['Format'], Cn: ['Unassigned'], Co: ['Private_Use'], Cs: ['Surrogate'],
	L: ['Letter'], LC: ['Cased_Letter'], Ll: ['Lowercase_Letter'], Lm: ['Modifier_Letter'], Lo: ['Other_Letter'], Lt: ['Titlecase_Letter'], Lu: ['Uppercase_Letter'],
	M: ['Mark', 'Combining_Mark'], Mc: ['Spacing_Mark'], Me: ['Enclosing_Mark'], Mn: ['Nonspacing_Mark'],
	N: ['Number'], Nd: ['Decimal_Number', 'digit'], Nl: ['Letter_Number'], No: ['Other_Number'],
	P: ['Punctuation', 'punct'], Pc: ['Connector_Punctuation'], Pd: ['Dash_Punctuation'], Pe: ['Close_Punctuation'], Pf: ['Final_Punctuation'], Pi: ['Initial_Punctuation'], Po: ['Other_Punctuation'], Ps: ['Open_Punctuation'],
	S: ['Symbol'], Sc: ['Currency_Symbol'], Sk: ['Modifier_Symbol'], Sm: ['Math_Symbol'], So: ['Other_Symbol'],
	Z: ['Separator'], Zl: ['Line_Separator'], Zp: ['Paragraph_Separator'], Zs: ['Space_Separator'],
};

// The scripts of re2js's tables (Unicode's Scripts.txt), which Go's unicode.Scripts names alike.
const scripts = 'Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan Balinese Bamum Bassa_Vah Batak Bengali Bhaiksuki Bopomofo Brahmi Braille Buginese Buhid Canadian_Aboriginal Carian Caucasian_Albanian Chakma Cham Cherokee Chorasmian Common Coptic Cuneiform Cypriot Cypro_Minoan Cyrillic Deseret Devanagari Dives_Akuru Dogra Duployan Egyptian_Hieroglyphs Elbasan Elymaic Ethiopic Garay Georgian Glagolitic Gothic Grantha Greek Gujarati Gunjala_Gondi Gurmukhi Gurung_Khema Han Hangul Hanifi_Rohingya Hanunoo Hatran Hebrew Hiragana Imperial_Aramaic Inherited Inscriptional_Pahlavi Inscriptional_Parthian Javanese Kaithi Kannada Katakana Kawi Kayah_Li Kharoshthi Khitan_Small_Script Khmer Khojki Khudawadi Kirat_Rai Lao Latin Lepcha Limbu Linear_A Linear_B Lisu Lycian Lydian Mahajani Makasar Malayalam Mandaic Manichaean Marchen Masaram_Gondi Medefaidrin Meetei_Mayek Mende_Kikakui Meroitic_Cursive Meroitic_Hieroglyphs Miao Modi Mongolian Mro Multani Myanmar Nabataean Nag_Mundari Nandinagari New_Tai_Lue Newa Nko Nushu Nyiakeng_Puachue_Hmong Ogham Ol_Chiki Ol_Onal Old_Hungarian Old_Italic Old_North_Arabian Old_Permic Old_Persian Old_Sogdian Old_South_Arabian Old_Turkic Old_Uyghur Oriya Osage Osmanya Pahawh_Hmong Palmyrene Pau_Cin_Hau Phags_Pa Phoenician Psalter_Pahlavi Rejang Runic Samaritan Saurashtra Sharada Shavian Siddham SignWriting Sinhala Sogdian Sora_Sompeng Soyombo Sundanese Sunuwar Syloti_Nagri Syriac Tagalog Tagbanwa Tai_Le Tai_Tham Tai_Viet Takri Tamil Tangsa Tangut Telugu Thaana Thai Tibetan Tifinagh Tirhuta Todhri Toto Tulu_Tigalari Ugaritic Vai Vithkuqi Wancho Warang_Citi Yezidi Yi Zanabazar_Square'.split(' ');

/**
Go 1.23's table: exact names, each also re2js's.
*/
const exactNames: ReadonlySet<string> = new Set(['Any', ...generalCategories, ...scripts]);

/**
TR18's loose matching (UAX44-LM3 without the "is" prefix): case-insensitive, spaces, underscores and hyphens ignored.
*/
function looseKey(name: string): string {
	return name.replaceAll(/[ _-]/g, '').toLowerCase();
}

/**
Go 1.25's table: every name by its loose key, to the name re2js knows it by (`Ascii` and `Assigned` are re2js's spellings of its special cases).
*/
const looseNames: ReadonlyMap<string, string> = new Map([
	['any', 'Any'], ['ascii', 'Ascii'], ['assigned', 'Assigned'],
	...[...generalCategories, 'Cn'].map(name => [looseKey(name), name] as const),
	['lc', 'LC'],
	...Object.entries(categoryAliases).flatMap(([short, aliases]) => aliases.map(alias => [looseKey(alias), short] as const)),
	...scripts.map(name => [looseKey(name), name] as const),
]);

/**
The re2js name for `name` (without a leading `^`) under a Go release's rules, undefined when that release does not know it.
*/
function classNameFor(name: string, names: UnicodeClassNames): string | undefined {
	return names === 'go1.23' ? (exactNames.has(name) ? name : undefined) : looseNames.get(looseKey(name));
}

/**
`source` with each `\p{NAME}` / `\P{NAME}` (also `\p{^NAME}`) renamed to re2js's name; `onUnknown` is called with the escape (`\p{Letter}`) a release does not know, as Go reports "invalid character class range". Escapes (`\\p`), `\Q...\E` quoting and one-letter forms (`\pL`) are left alone.
*/
export function renameUnicodeClasses(source: string, names: UnicodeClassNames, onUnknown: (escape: string) => never): string {
	if (!source.includes('\\p{') && !source.includes('\\P{')) {
		return source;
	}

	const pieces: string[] = [];
	let copied = 0;
	for (let index = 0; index < source.length; index++) {
		if (source[index] !== '\\') {
			continue;
		}

		const next = source[index + 1];
		if (next === 'Q') {
			const end = source.indexOf('\\E', index + 2);
			index = end === -1 ? source.length : end + 1;
			continue;
		}

		if ((next !== 'p' && next !== 'P') || source[index + 2] !== '{') {
			index++;
			continue;
		}

		const close = source.indexOf('}', index + 3);
		if (close === -1) {
			// re2js reports the unclosed escape as Go does.
			break;
		}

		const written = source.slice(index + 3, close);
		const negated = written.startsWith('^');
		const renamed = classNameFor(negated ? written.slice(1) : written, names);
		if (renamed === undefined) {
			onUnknown(source.slice(index, close + 1));
		}

		pieces.push(source.slice(copied, index + 3), negated ? '^' : '', renamed);
		copied = close;
		index = close;
	}

	pieces.push(source.slice(copied));
	return pieces.join('');
}
