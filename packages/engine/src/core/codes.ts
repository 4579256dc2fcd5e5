/** The part 2.1 code lists, shared by every area. A list and its union type share a name. */

/** part 2.1: ISO 4217 alphabetic codes the contract accepts. */
// biome-ignore format: one line per first letter, as the contract lists them
export const CURRENCIES = [
  'AED', 'AFN', 'ALL', 'AMD', 'ANG', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN',
  'BAM', 'BBD', 'BDT', 'BGN', 'BHD', 'BIF', 'BMD', 'BND', 'BOB', 'BRL', 'BSD', 'BTN', 'BWP', 'BYR', 'BZD',
  'CAD', 'CDF', 'CHF', 'CLP', 'CNY', 'COP', 'CRC', 'CUC', 'CUP', 'CVE', 'CZK',
  'DJF', 'DKK', 'DOP', 'DZD',
  'EGP', 'ERN', 'ETB', 'EUR',
  'FJD', 'FKP',
  'GBP', 'GEL', 'GGP', 'GHS', 'GIP', 'GMD', 'GNF', 'GTQ', 'GYD',
  'HKD', 'HNL', 'HRK', 'HTG', 'HUF',
  'IDR', 'ILS', 'IMP', 'INR', 'IQD', 'IRR', 'ISK',
  'JEP', 'JMD', 'JOD', 'JPY',
  'KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW', 'KWD', 'KYD', 'KZT',
  'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD',
  'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRO', 'MUR', 'MVR', 'MWK', 'MXN', 'MYR', 'MZN',
  'NAD', 'NGN', 'NIO', 'NOK', 'NPR', 'NZD',
  'OMR',
  'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG',
  'QAR',
  'RON', 'RSD', 'RUB', 'RWF',
  'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLL', 'SOS', 'SPL', 'SRD', 'STD', 'SVC', 'SYP', 'SZL',
  'THB', 'TJS', 'TMT', 'TND', 'TOP', 'TRY', 'TTD', 'TVD', 'TWD', 'TZS',
  'UAH', 'UGX', 'USD', 'UYU', 'UZS',
  'VEF', 'VND', 'VUV',
  'WST',
  'XAF', 'XCD', 'XDR', 'XOF', 'XPF',
  'YER',
  'ZAR', 'ZMW', 'ZWD',
] as const;
export type Currency = (typeof CURRENCIES)[number];

/** part 2.1: ISO 3166-1 alpha-2 codes the contract accepts. */
// biome-ignore format: one line per first letter, as the contract lists them
export const COUNTRIES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ',
  'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ',
  'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ',
  'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET',
  'FI', 'FJ', 'FK', 'FM', 'FO', 'FR',
  'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY',
  'HK', 'HM', 'HN', 'HR', 'HT', 'HU',
  'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT',
  'JE', 'JM', 'JO', 'JP',
  'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ',
  'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY',
  'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ',
  'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ',
  'OM',
  'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY',
  'QA',
  'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ',
  'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ',
  'UA', 'UG', 'UM', 'US', 'UY', 'UZ',
  'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU',
  'WF', 'WS',
  'YE', 'YT',
  'ZA', 'ZM', 'ZW',
] as const;
export type Country = (typeof COUNTRIES)[number];

/** part 2.1: purposeCode, a subset of the ISO 20022 external purpose codes. */
export const PURPOSE_CODES = [
  'INVS',
  'SALA',
  'IDCP',
  'CASH',
  'CORT',
  'INTC',
  'PENS',
  'SSBE',
  'SUPP',
  'TAXS',
  'TREA',
  'VATX',
  'LOAN',
  'OTHR',
] as const;
export type PurposeCode = (typeof PURPOSE_CODES)[number];

/** part 2.1: regulatoryReportingCode. */
export const REGULATORY_REPORTING_CODES = [
  '14',
  '26',
  '29',
  '31',
  '35',
  '38',
  '41',
  '43',
  '45',
  '51',
  '52',
  '53',
  '71',
  '79',
  '81',
  '82',
] as const;
export type RegulatoryReportingCode = (typeof REGULATORY_REPORTING_CODES)[number];

/** part 2.1: cashAccountType (ISO 20022). */
export const CASH_ACCOUNT_TYPES = [
  'CACC',
  'CASH',
  'CHAR',
  'CISH',
  'COMM',
  'CPAC',
  'LLSV',
  'LOAN',
  'MGLD',
  'MOMA',
  'NREX',
  'ODFT',
  'ONDP',
  'OTHR',
  'SACC',
  'SLRY',
  'SVGS',
  'TAXE',
  'TRAN',
  'TRAS',
] as const;
export type CashAccountType = (typeof CASH_ACCOUNT_TYPES)[number];

/** part 3: balance types; interimBooked only on card accounts. */
export const BALANCE_TYPES = ['closingBooked', 'expected', 'interimBooked'] as const;
export type BalanceType = (typeof BALANCE_TYPES)[number];

/** part 3: card account status. */
export const CARD_ACCOUNT_STATUSES = ['enabled', 'deleted', 'blocked'] as const;
export type CardAccountStatus = (typeof CARD_ACCOUNT_STATUSES)[number];
