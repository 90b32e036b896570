import type { Licence } from '@orbit/contracts';

/**
 * Payment-method marks, drawn here as small inline SVGs (the page loads no remote image).
 * Only methods the cashbox takes (cashbox/methods.ts). Visa, Mastercard and ecoPayz everywhere;
 * Maestro under CW, GCB and EE; crypto (Bitcoin, Ethereum, Litecoin, Tether, Dogecoin) under CW
 * and GCB. EE is a fiat-only variant: bank transfer (IBAN), no crypto marks. AU: what Australians
 * pay with of what the cashbox takes: Visa, Mastercard, ecoPayz and crypto; no Maestro nor bank
 * transfer (the cashbox's transfer asks for an IBAN, which Australian banks do not use)
 * (docs/rules/page-shell.md "Header and footer", docs/licences.md).
 */
export type PaymentMethod =
  | 'visa'
  | 'mastercard'
  | 'maestro'
  | 'ecopayz'
  | 'bank-transfer'
  | 'bitcoin'
  | 'ethereum'
  | 'litecoin'
  | 'tether'
  | 'dogecoin';

export const PAYMENT_METHODS_BY_LICENCE: Record<Licence, PaymentMethod[]> = {
  CW: ['visa', 'mastercard', 'maestro', 'ecopayz', 'bitcoin', 'ethereum', 'litecoin', 'tether', 'dogecoin'],
  EE: ['visa', 'mastercard', 'maestro', 'ecopayz', 'bank-transfer'],
  GCB: ['visa', 'mastercard', 'maestro', 'ecopayz', 'bitcoin', 'ethereum', 'litecoin', 'tether', 'dogecoin'],
  AU: ['visa', 'mastercard', 'ecopayz', 'bitcoin', 'ethereum', 'litecoin', 'tether'],
};

const NAMES: Record<PaymentMethod, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  maestro: 'Maestro',
  ecopayz: 'ecoPayz',
  'bank-transfer': 'Bank transfer',
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  litecoin: 'Litecoin',
  tether: 'Tether',
  dogecoin: 'Dogecoin',
};

function Coin({ color, glyph }: { color: string; glyph: string }) {
  return (
    <>
      <circle cx="20" cy="16" r="10" fill={color} />
      <text x="20" y="20.5" textAnchor="middle" fontSize="13" fontWeight="700" fill="#fff">
        {glyph}
      </text>
    </>
  );
}

const MARKS: Record<PaymentMethod, React.ReactNode> = {
  visa: (
    <text
      x="32"
      y="21.5"
      textAnchor="middle"
      fontSize="15"
      fontStyle="italic"
      fontWeight="800"
      fill="#fff"
      letterSpacing="1"
    >
      VISA
    </text>
  ),
  mastercard: (
    <>
      <circle cx="26" cy="16" r="9" fill="#eb001b" />
      <circle cx="38" cy="16" r="9" fill="#f79e1b" fillOpacity=".9" />
    </>
  ),
  maestro: (
    <>
      <circle cx="26" cy="16" r="9" fill="#0099df" />
      <circle cx="38" cy="16" r="9" fill="#eb001b" fillOpacity=".85" />
    </>
  ),
  ecopayz: (
    <text x="32" y="20.5" textAnchor="middle" fontSize="12" fontWeight="700" fill="#7ed957">
      ecoPayz
    </text>
  ),
  'bank-transfer': (
    <path d="M22 13l10-5 10 5zM24 14.5h3v7h-3zM30.5 14.5h3v7h-3zM37 14.5h3v7h-3zM22 23h20v2H22z" fill="#cfd6e6" />
  ),
  bitcoin: (
    <>
      {/* A drawn B with two strokes: the ₿ sign is missing from many system fonts. */}
      <Coin color="#f7931a" glyph="B" />
      <path d="M18.5 9.5v2.5M21.5 9.5v2.5M18.5 20v2.5M21.5 20v2.5" stroke="#fff" strokeWidth="1.4" />
      <text x="44" y="20" textAnchor="middle" fontSize="8" fontWeight="700" fill="#cfd6e6">
        BTC
      </text>
    </>
  ),
  ethereum: (
    <>
      <path d="M20 5l6.5 11L20 20l-6.5-4zM20 21.5l6.5-4L20 27l-6.5-9.5z" fill="#8c8cf7" />
      <text x="44" y="20" textAnchor="middle" fontSize="8" fontWeight="700" fill="#cfd6e6">
        ETH
      </text>
    </>
  ),
  litecoin: (
    <>
      <Coin color="#345d9d" glyph="Ł" />
      <text x="44" y="20" textAnchor="middle" fontSize="8" fontWeight="700" fill="#cfd6e6">
        LTC
      </text>
    </>
  ),
  tether: (
    <>
      <Coin color="#26a17b" glyph="₮" />
      <text x="44" y="20" textAnchor="middle" fontSize="7" fontWeight="700" fill="#cfd6e6">
        USDT
      </text>
    </>
  ),
  dogecoin: (
    <>
      <Coin color="#c2a633" glyph="Ð" />
      <text x="44" y="20" textAnchor="middle" fontSize="8" fontWeight="700" fill="#cfd6e6">
        DOGE
      </text>
    </>
  ),
};

export function PaymentLogo({ method }: { method: PaymentMethod }) {
  return (
    <svg
      className="pay-logo"
      viewBox="0 0 64 32"
      width="64"
      height="32"
      role="img"
      aria-label={NAMES[method]}
      data-method={method}
    >
      <rect x=".5" y=".5" width="63" height="31" rx="6" fill="#1a2033" stroke="#2c3550" />
      {MARKS[method]}
    </svg>
  );
}
