import type { ContinentCode } from './continents.ts';

/**
 * Continent of every country or region of `COUNTRIES`, by ISO 3166-1 alpha-2 code (plus XK,
 * Kosovo). Written by hand, following the UN M49 regions folded into the six continents of
 * SPEC §3:
 * - Central America, the Caribbean, Bermuda, Greenland, Saint Pierre and Miquelon: North America.
 * - Western Asia, including the Caucasus (AM, AZ, GE) and Türkiye: Asia. Cyprus (an EU member)
 *   and Russia: Europe.
 * - Indian Ocean islands off Africa (including IO, British Indian Ocean Territory): Africa.
 * - No Antarctica on the registration form, so the Antarctic territories follow M49 where it
 *   places them: Bouvet Island (BV) and South Georgia (GS) in South America, French Southern
 *   Territories (TF) in Africa, Heard and McDonald Islands (HM) in Oceania. Antarctica itself
 *   (AQ), which M49 places in no region, goes to Oceania, as does UM (US Minor Outlying Islands).
 * A unit test checks that every country has exactly one entry here.
 */
export const COUNTRY_CONTINENTS: Readonly<Record<string, ContinentCode>> = {
  AD: 'EUROPE', // Andorra
  AE: 'ASIA', // United Arab Emirates
  AF: 'ASIA', // Afghanistan
  AG: 'NORTH_AMERICA', // Antigua and Barbuda
  AI: 'NORTH_AMERICA', // Anguilla
  AL: 'EUROPE', // Albania
  AM: 'ASIA', // Armenia
  AO: 'AFRICA', // Angola
  AQ: 'OCEANIA', // Antarctica
  AR: 'SOUTH_AMERICA', // Argentina
  AS: 'OCEANIA', // American Samoa
  AT: 'EUROPE', // Austria
  AU: 'OCEANIA', // Australia
  AW: 'NORTH_AMERICA', // Aruba
  AX: 'EUROPE', // Åland Islands
  AZ: 'ASIA', // Azerbaijan
  BA: 'EUROPE', // Bosnia and Herzegovina
  BB: 'NORTH_AMERICA', // Barbados
  BD: 'ASIA', // Bangladesh
  BE: 'EUROPE', // Belgium
  BF: 'AFRICA', // Burkina Faso
  BG: 'EUROPE', // Bulgaria
  BH: 'ASIA', // Bahrain
  BI: 'AFRICA', // Burundi
  BJ: 'AFRICA', // Benin
  BL: 'NORTH_AMERICA', // Saint Barthélemy
  BM: 'NORTH_AMERICA', // Bermuda
  BN: 'ASIA', // Brunei Darussalam
  BO: 'SOUTH_AMERICA', // Bolivia
  BQ: 'NORTH_AMERICA', // Bonaire, Sint Eustatius and Saba
  BR: 'SOUTH_AMERICA', // Brazil
  BS: 'NORTH_AMERICA', // Bahamas
  BT: 'ASIA', // Bhutan
  BV: 'SOUTH_AMERICA', // Bouvet Island
  BW: 'AFRICA', // Botswana
  BY: 'EUROPE', // Belarus
  BZ: 'NORTH_AMERICA', // Belize
  CA: 'NORTH_AMERICA', // Canada
  CC: 'OCEANIA', // Cocos (Keeling) Islands
  CD: 'AFRICA', // Democratic Republic of the Congo
  CF: 'AFRICA', // Central African Republic
  CG: 'AFRICA', // Republic of the Congo
  CH: 'EUROPE', // Switzerland
  CI: 'AFRICA', // Cote d'Ivoire
  CK: 'OCEANIA', // Cook Islands
  CL: 'SOUTH_AMERICA', // Chile
  CM: 'AFRICA', // Cameroon
  CN: 'ASIA', // People's Republic of China
  CO: 'SOUTH_AMERICA', // Colombia
  CR: 'NORTH_AMERICA', // Costa Rica
  CU: 'NORTH_AMERICA', // Cuba
  CV: 'AFRICA', // Cape Verde
  CW: 'NORTH_AMERICA', // Curaçao
  CX: 'OCEANIA', // Christmas Island
  CY: 'EUROPE', // Cyprus
  CZ: 'EUROPE', // Czech Republic
  DE: 'EUROPE', // Germany
  DJ: 'AFRICA', // Djibouti
  DK: 'EUROPE', // Denmark
  DM: 'NORTH_AMERICA', // Dominica
  DO: 'NORTH_AMERICA', // Dominican Republic
  DZ: 'AFRICA', // Algeria
  EC: 'SOUTH_AMERICA', // Ecuador
  EE: 'EUROPE', // Estonia
  EG: 'AFRICA', // Egypt
  EH: 'AFRICA', // Western Sahara
  ER: 'AFRICA', // Eritrea
  ES: 'EUROPE', // Spain
  ET: 'AFRICA', // Ethiopia
  FI: 'EUROPE', // Finland
  FJ: 'OCEANIA', // Fiji
  FK: 'SOUTH_AMERICA', // Falkland Islands (Malvinas)
  FM: 'OCEANIA', // Micronesia, Federated States of
  FO: 'EUROPE', // Faroe Islands
  FR: 'EUROPE', // France
  GA: 'AFRICA', // Gabon
  GB: 'EUROPE', // United Kingdom
  GD: 'NORTH_AMERICA', // Grenada
  GE: 'ASIA', // Georgia
  GF: 'SOUTH_AMERICA', // French Guiana
  GG: 'EUROPE', // Guernsey
  GH: 'AFRICA', // Ghana
  GI: 'EUROPE', // Gibraltar
  GL: 'NORTH_AMERICA', // Greenland
  GM: 'AFRICA', // Republic of The Gambia
  GN: 'AFRICA', // Guinea
  GP: 'NORTH_AMERICA', // Guadeloupe
  GQ: 'AFRICA', // Equatorial Guinea
  GR: 'EUROPE', // Greece
  GS: 'SOUTH_AMERICA', // South Georgia and the South Sandwich Islands
  GT: 'NORTH_AMERICA', // Guatemala
  GU: 'OCEANIA', // Guam
  GW: 'AFRICA', // Guinea-Bissau
  GY: 'SOUTH_AMERICA', // Guyana
  HK: 'ASIA', // Hong Kong
  HM: 'OCEANIA', // Heard Island and McDonald Islands
  HN: 'NORTH_AMERICA', // Honduras
  HR: 'EUROPE', // Croatia
  HT: 'NORTH_AMERICA', // Haiti
  HU: 'EUROPE', // Hungary
  ID: 'ASIA', // Indonesia
  IE: 'EUROPE', // Ireland
  IL: 'ASIA', // Israel
  IM: 'EUROPE', // Isle of Man
  IN: 'ASIA', // India
  IO: 'AFRICA', // British Indian Ocean Territory
  IQ: 'ASIA', // Iraq
  IR: 'ASIA', // Islamic Republic of Iran
  IS: 'EUROPE', // Iceland
  IT: 'EUROPE', // Italy
  JE: 'EUROPE', // Jersey
  JM: 'NORTH_AMERICA', // Jamaica
  JO: 'ASIA', // Jordan
  JP: 'ASIA', // Japan
  KE: 'AFRICA', // Kenya
  KG: 'ASIA', // Kyrgyzstan
  KH: 'ASIA', // Cambodia
  KI: 'OCEANIA', // Kiribati
  KM: 'AFRICA', // Comoros
  KN: 'NORTH_AMERICA', // Saint Kitts and Nevis
  KP: 'ASIA', // North Korea
  KR: 'ASIA', // South Korea
  KW: 'ASIA', // Kuwait
  KY: 'NORTH_AMERICA', // Cayman Islands
  KZ: 'ASIA', // Kazakhstan
  LA: 'ASIA', // Lao People's Democratic Republic
  LB: 'ASIA', // Lebanon
  LC: 'NORTH_AMERICA', // Saint Lucia
  LI: 'EUROPE', // Liechtenstein
  LK: 'ASIA', // Sri Lanka
  LR: 'AFRICA', // Liberia
  LS: 'AFRICA', // Lesotho
  LT: 'EUROPE', // Lithuania
  LU: 'EUROPE', // Luxembourg
  LV: 'EUROPE', // Latvia
  LY: 'AFRICA', // Libya
  MA: 'AFRICA', // Morocco
  MC: 'EUROPE', // Monaco
  MD: 'EUROPE', // Moldova, Republic of
  ME: 'EUROPE', // Montenegro
  MF: 'NORTH_AMERICA', // Saint Martin (French part)
  MG: 'AFRICA', // Madagascar
  MH: 'OCEANIA', // Marshall Islands
  MK: 'EUROPE', // The Republic of North Macedonia
  ML: 'AFRICA', // Mali
  MM: 'ASIA', // Myanmar
  MN: 'ASIA', // Mongolia
  MO: 'ASIA', // Macao
  MP: 'OCEANIA', // Northern Mariana Islands
  MQ: 'NORTH_AMERICA', // Martinique
  MR: 'AFRICA', // Mauritania
  MS: 'NORTH_AMERICA', // Montserrat
  MT: 'EUROPE', // Malta
  MU: 'AFRICA', // Mauritius
  MV: 'ASIA', // Maldives
  MW: 'AFRICA', // Malawi
  MX: 'NORTH_AMERICA', // Mexico
  MY: 'ASIA', // Malaysia
  MZ: 'AFRICA', // Mozambique
  NA: 'AFRICA', // Namibia
  NC: 'OCEANIA', // New Caledonia
  NE: 'AFRICA', // Niger
  NF: 'OCEANIA', // Norfolk Island
  NG: 'AFRICA', // Nigeria
  NI: 'NORTH_AMERICA', // Nicaragua
  NL: 'EUROPE', // Netherlands
  NO: 'EUROPE', // Norway
  NP: 'ASIA', // Nepal
  NR: 'OCEANIA', // Nauru
  NU: 'OCEANIA', // Niue
  NZ: 'OCEANIA', // New Zealand
  OM: 'ASIA', // Oman
  PA: 'NORTH_AMERICA', // Panama
  PE: 'SOUTH_AMERICA', // Peru
  PF: 'OCEANIA', // French Polynesia
  PG: 'OCEANIA', // Papua New Guinea
  PH: 'ASIA', // Philippines
  PK: 'ASIA', // Pakistan
  PL: 'EUROPE', // Poland
  PM: 'NORTH_AMERICA', // Saint Pierre and Miquelon
  PN: 'OCEANIA', // Pitcairn
  PR: 'NORTH_AMERICA', // Puerto Rico
  PS: 'ASIA', // State of Palestine
  PT: 'EUROPE', // Portugal
  PW: 'OCEANIA', // Palau
  PY: 'SOUTH_AMERICA', // Paraguay
  QA: 'ASIA', // Qatar
  RE: 'AFRICA', // Reunion
  RO: 'EUROPE', // Romania
  RS: 'EUROPE', // Serbia
  RU: 'EUROPE', // Russian Federation
  RW: 'AFRICA', // Rwanda
  SA: 'ASIA', // Saudi Arabia
  SB: 'OCEANIA', // Solomon Islands
  SC: 'AFRICA', // Seychelles
  SD: 'AFRICA', // Sudan
  SE: 'EUROPE', // Sweden
  SG: 'ASIA', // Singapore
  SH: 'AFRICA', // Saint Helena
  SI: 'EUROPE', // Slovenia
  SJ: 'EUROPE', // Svalbard and Jan Mayen
  SK: 'EUROPE', // Slovakia
  SL: 'AFRICA', // Sierra Leone
  SM: 'EUROPE', // San Marino
  SN: 'AFRICA', // Senegal
  SO: 'AFRICA', // Somalia
  SR: 'SOUTH_AMERICA', // Suriname
  SS: 'AFRICA', // South Sudan
  ST: 'AFRICA', // Sao Tome and Principe
  SV: 'NORTH_AMERICA', // El Salvador
  SX: 'NORTH_AMERICA', // Sint Maarten (Dutch part)
  SY: 'ASIA', // Syrian Arab Republic
  SZ: 'AFRICA', // Eswatini
  TC: 'NORTH_AMERICA', // Turks and Caicos Islands
  TD: 'AFRICA', // Chad
  TF: 'AFRICA', // French Southern Territories
  TG: 'AFRICA', // Togo
  TH: 'ASIA', // Thailand
  TJ: 'ASIA', // Tajikistan
  TK: 'OCEANIA', // Tokelau
  TL: 'ASIA', // Timor-Leste
  TM: 'ASIA', // Turkmenistan
  TN: 'AFRICA', // Tunisia
  TO: 'OCEANIA', // Tonga
  TR: 'ASIA', // Türkiye
  TT: 'NORTH_AMERICA', // Trinidad and Tobago
  TV: 'OCEANIA', // Tuvalu
  TW: 'ASIA', // Taiwan, Province of China
  TZ: 'AFRICA', // United Republic of Tanzania
  UA: 'EUROPE', // Ukraine
  UG: 'AFRICA', // Uganda
  UM: 'OCEANIA', // United States Minor Outlying Islands
  US: 'NORTH_AMERICA', // United States of America
  UY: 'SOUTH_AMERICA', // Uruguay
  UZ: 'ASIA', // Uzbekistan
  VA: 'EUROPE', // Holy See (Vatican City State)
  VC: 'NORTH_AMERICA', // Saint Vincent and the Grenadines
  VE: 'SOUTH_AMERICA', // Venezuela
  VG: 'NORTH_AMERICA', // Virgin Islands, British
  VI: 'NORTH_AMERICA', // Virgin Islands, U.S.
  VN: 'ASIA', // Vietnam
  VU: 'OCEANIA', // Vanuatu
  WF: 'OCEANIA', // Wallis and Futuna
  WS: 'OCEANIA', // Samoa
  XK: 'EUROPE', // Kosovo
  YE: 'ASIA', // Yemen
  YT: 'AFRICA', // Mayotte
  ZA: 'AFRICA', // South Africa
  ZM: 'AFRICA', // Zambia
  ZW: 'AFRICA', // Zimbabwe
};
