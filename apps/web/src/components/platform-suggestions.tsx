export const PLATFORM_SUGGESTIONS_ID = 'kontor-platform-suggestions';

const PLATFORMS = ['WooCommerce', 'Shopify', 'Magento', 'PrestaShop', 'BigCommerce', 'Wix', 'Squarespace', 'Custom'] as const;

/** Suggestions for the free-text platform field (a native datalist: typing anything else stays possible). */
export function PlatformSuggestions() {
  return (
    <datalist id={PLATFORM_SUGGESTIONS_ID}>
      {PLATFORMS.map((platform) => (
        <option key={platform} value={platform} />
      ))}
    </datalist>
  );
}
