import { csvDocument, quote } from "./csv";
import type { Country } from "./model";

/**
 * Every country of the world with its key from the German nationality key list
 * (Staatsangehörigkeitsschlüssel of the DEÜV, 000 = Deutschland), German name and
 * nationality text. Written from the published list; a few keys may differ from it.
 */
const COUNTRY_TABLE = `
0|Deutschland|deutsch
121|Albanien|albanisch
122|Bosnien und Herzegowina|bosnisch-herzegowinisch
123|Andorra|andorranisch
124|Belgien|belgisch
125|Bulgarien|bulgarisch
126|Dänemark|dänisch
127|Estland|estnisch
128|Finnland|finnisch
129|Frankreich|französisch
130|Kroatien|kroatisch
131|Slowenien|slowenisch
134|Griechenland|griechisch
135|Irland|irisch
136|Island|isländisch
137|Italien|italienisch
139|Lettland|lettisch
140|Montenegro|montenegrinisch
141|Liechtenstein|liechtensteinisch
142|Litauen|litauisch
143|Luxemburg|luxemburgisch
144|Nordmazedonien|nordmazedonisch
145|Malta|maltesisch
146|Moldau, Republik|moldauisch
147|Monaco|monegassisch
148|Niederlande|niederländisch
149|Norwegen|norwegisch
150|Kosovo|kosovarisch
151|Österreich|österreichisch
152|Polen|polnisch
153|Portugal|portugiesisch
154|Rumänien|rumänisch
155|Slowakei|slowakisch
156|San Marino|san-marinesisch
157|Schweden|schwedisch
158|Schweiz|schweizerisch
160|Russische Föderation|russisch
161|Spanien|spanisch
163|Türkei|türkisch
164|Tschechien|tschechisch
165|Ungarn|ungarisch
166|Ukraine|ukrainisch
167|Vatikanstadt|vatikanisch
168|Vereinigtes Königreich|britisch
169|Belarus|belarussisch
170|Serbien|serbisch
181|Zypern|zyprisch
221|Algerien|algerisch
223|Angola|angolanisch
224|Eritrea|eritreisch
225|Äthiopien|äthiopisch
226|Lesotho|lesothisch
227|Botsuana|botsuanisch
229|Benin|beninisch
230|Dschibuti|dschibutisch
231|Côte d'Ivoire|ivorisch
232|Nigeria|nigerianisch
233|Simbabwe|simbabwisch
236|Gabun|gabunisch
237|Gambia|gambisch
238|Ghana|ghanaisch
239|Mauretanien|mauretanisch
242|Cabo Verde|cabo-verdisch
243|Kenia|kenianisch
244|Komoren|komorisch
245|Kongo|kongolesisch
246|Kongo, Demokratische Republik|der Demokratischen Republik Kongo
247|Liberia|liberianisch
248|Libyen|libysch
249|Madagaskar|madagassisch
251|Mali|malisch
252|Marokko|marokkanisch
253|Mauritius|mauritisch
254|Mosambik|mosambikanisch
255|Niger|nigrisch
256|Malawi|malawisch
257|Sambia|sambisch
258|Burkina Faso|burkinisch
259|Guinea-Bissau|guinea-bissauisch
261|Guinea|guineisch
262|Kamerun|kamerunisch
263|Südafrika|südafrikanisch
265|Ruanda|ruandisch
267|Namibia|namibisch
268|São Tomé und Príncipe|são-toméisch
269|Senegal|senegalesisch
271|Seychellen|seychellisch
272|Sierra Leone|sierra-leonisch
273|Somalia|somalisch
274|Äquatorialguinea|äquatorialguineisch
277|Sudan|sudanesisch
278|Südsudan|südsudanesisch
281|Eswatini|eswatinisch
282|Tansania|tansanisch
283|Togo|togoisch
284|Tschad|tschadisch
285|Tunesien|tunesisch
286|Uganda|ugandisch
287|Ägypten|ägyptisch
289|Zentralafrikanische Republik|zentralafrikanisch
291|Burundi|burundisch
320|Antigua und Barbuda|antiguanisch
322|Barbados|barbadisch
323|Argentinien|argentinisch
324|Bahamas|bahamaisch
326|Bolivien|bolivianisch
327|Brasilien|brasilianisch
328|Guyana|guyanisch
330|Belize|belizisch
332|Chile|chilenisch
333|Dominica|dominicanisch
334|Costa Rica|costa-ricanisch
335|Dominikanische Republik|dominikanisch
336|Ecuador|ecuadorianisch
337|El Salvador|salvadorianisch
340|Grenada|grenadisch
345|Guatemala|guatemaltekisch
346|Haiti|haitianisch
347|Honduras|honduranisch
348|Kanada|kanadisch
349|Kolumbien|kolumbianisch
351|Kuba|kubanisch
353|Mexiko|mexikanisch
354|Nicaragua|nicaraguanisch
355|Jamaika|jamaikanisch
357|Panama|panamaisch
359|Paraguay|paraguayisch
361|Peru|peruanisch
364|Suriname|surinamisch
365|Uruguay|uruguayisch
366|St. Lucia|lucianisch
367|Venezuela|venezolanisch
368|Vereinigte Staaten|amerikanisch
369|St. Vincent und die Grenadinen|vincentisch
370|St. Kitts und Nevis|von St. Kitts und Nevis
371|Trinidad und Tobago|von Trinidad und Tobago
421|Jemen|jemenitisch
422|Armenien|armenisch
423|Afghanistan|afghanisch
424|Bahrain|bahrainisch
425|Aserbaidschan|aserbaidschanisch
426|Bhutan|bhutanisch
427|Myanmar|myanmarisch
429|Brunei Darussalam|bruneiisch
430|Georgien|georgisch
431|Sri Lanka|sri-lankisch
432|Vietnam|vietnamesisch
434|Korea, Demokratische Volksrepublik|der Demokratischen Volksrepublik Korea
436|Indien|indisch
437|Indonesien|indonesisch
438|Irak|irakisch
439|Iran|iranisch
441|Israel|israelisch
442|Japan|japanisch
444|Kasachstan|kasachisch
445|Jordanien|jordanisch
446|Kambodscha|kambodschanisch
447|Katar|katarisch
448|Kuwait|kuwaitisch
449|Laos|laotisch
450|Kirgisistan|kirgisisch
451|Libanon|libanesisch
454|Malediven|maledivisch
456|Oman|omanisch
457|Mongolei|mongolisch
458|Nepal|nepalesisch
459|Palästinensische Gebiete|palästinensisch
460|Bangladesch|bangladeschisch
461|Pakistan|pakistanisch
462|Philippinen|philippinisch
465|Taiwan|taiwanisch
467|Korea, Republik|der Republik Korea
469|Vereinigte Arabische Emirate|emiratisch
470|Tadschikistan|tadschikisch
471|Turkmenistan|turkmenisch
472|Saudi-Arabien|saudi-arabisch
474|Singapur|singapurisch
475|Syrien|syrisch
476|Thailand|thailändisch
477|Usbekistan|usbekisch
479|China|chinesisch
482|Malaysia|malaysisch
483|Timor-Leste|timorisch
523|Australien|australisch
524|Salomonen|salomonisch
526|Fidschi|fidschianisch
527|Cookinseln|cookinsularisch
530|Kiribati|kiribatisch
531|Nauru|nauruisch
532|Vanuatu|vanuatuisch
533|Niue|niueanisch
536|Neuseeland|neuseeländisch
537|Palau|palauisch
538|Papua-Neuguinea|papua-neuguineisch
540|Tuvalu|tuvaluisch
541|Tonga|tongaisch
543|Samoa|samoanisch
544|Marshallinseln|marshallisch
545|Mikronesien|mikronesisch
997|staatenlos|staatenlos
998|ungeklärt|ungeklärt
999|ohne Angabe|ohne Angabe
`;

export const COUNTRIES: readonly Country[] = COUNTRY_TABLE.trim()
  .split("\n")
  .map((line) => {
    const [id = "", name = "", nationality = ""] = line.split("|");
    return { id: Number(id), name, nationality };
  });

const COUNTRY_IDS = new Set(COUNTRIES.map((country) => country.id));

export function isCountryId(id: number): boolean {
  return COUNTRY_IDS.has(id);
}

export const COUNTRY_CSV_HEADER = ["ID", "Country", "Nationality"] as const;

export function countriesCsv(): string {
  return csvDocument(
    COUNTRY_CSV_HEADER,
    COUNTRIES.map((country) => [String(country.id), quote(country.name), quote(country.nationality)]),
  );
}
