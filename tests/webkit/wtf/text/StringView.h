/* StringView.h: a stand-in of WTF's StringView with the members hhn-gen --webkit's files call:
   is8Bit, length, span8 and span16 (current WTF), characters8 and characters16 (older WTF),
   and the constructors of either; for the tests without WebKit (tests/targets/webkit.sh). A
   view that is not of its width has no span of that width, as WTF asserts. With
   HHN_TEST_WTF_CHARACTERS defined it is the older WTF's alone: no span8, span16, nor a
   constructor of a span (hhn-gen --wtf-characters). */
#ifndef HHN_TEST_WTF_STRING_VIEW_H
#define HHN_TEST_WTF_STRING_VIEW_H

#include <cassert>
#include <cstddef>
#include <span>

#include <wtf/Forward.h>

#define ASSERT(e) assert(e)

using LChar = unsigned char;
using UChar = char16_t;

namespace WTF {

class StringView {
public:
    StringView() = default;
    StringView(const LChar* p, unsigned n) : m8(p), mLength(n), mIs8Bit(true) {}
    StringView(const UChar* p, unsigned n) : m16(p), mLength(n), mIs8Bit(false) {}
#if !defined(HHN_TEST_WTF_CHARACTERS)
    StringView(std::span<const LChar> s) : m8(s.data()), mLength(s.size()), mIs8Bit(true) {}
    StringView(std::span<const UChar> s) : m16(s.data()), mLength(s.size()), mIs8Bit(false) {}
    std::span<const LChar> span8() const { return { characters8(), mLength }; }
    std::span<const UChar> span16() const { return { characters16(), mLength }; }
#endif

    bool is8Bit() const { return mIs8Bit; }
    unsigned length() const { return static_cast<unsigned>(mLength); }
    const LChar* characters8() const
    {
        assert(mIs8Bit);
        return m8;
    }
    const UChar* characters16() const
    {
        assert(!mIs8Bit);
        return m16;
    }

private:
    const LChar* m8 { nullptr };
    const UChar* m16 { nullptr };
    std::size_t mLength { 0 };
    bool mIs8Bit { true };
};

} // namespace WTF

#endif
