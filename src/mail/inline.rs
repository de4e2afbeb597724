//! A picture in a mail's HTML part: the board (or the final statistics) as an inline PNG in
//! `multipart/related`, referenced by `cid:` from the HTML.
//!
//! Mails are composed at commit time, pictures drawn by the mail worker at send time
//! (`play::pictures`): the HTML the outbox keeps holds [`MARK`] where a picture may stand, and
//! the message built for sending puts the image there, or takes the mark out when there is no
//! picture (a text-only reader, nothing new to show, a drawing that failed).

/// Where a mail's HTML part may show a picture (an HTML comment: harmless if left).
pub const MARK: &str = "<!--feldpost:picture-->";

/// A picture for one mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailPicture {
    pub png: Vec<u8>,
    /// The same in words, the image's alt text.
    pub alt: String,
    pub width: u32,
    pub height: u32,
}

/// The Content-ID of a mail's `n`th picture: unique to the mail (`row_id`) and our domain.
pub fn content_id(row_id: &str, n: usize, domain: &str) -> String {
    match n {
        0 => format!("picture.{row_id}@{domain}"),
        n => format!("picture.{row_id}.{n}@{domain}"),
    }
}

/// `html` with the pictures, one under the other, in place of [`MARK`] (each shown at most
/// 100% of the mail's width), or without the mark when there are none.
pub fn place(html: &str, pictures: &[(&MailPicture, String)]) -> String {
    let imgs: String = pictures
        .iter()
        .map(|(p, cid)| {
            format!(
                "<p style=\"margin:0 0 1em;\"><img src=\"cid:{cid}\" alt=\"{}\" width=\"{}\" style=\"display:block;width:100%;max-width:{}px;height:auto;border:1px solid #dddddd;\"></p>",
                escape(&p.alt),
                p.width.min(576),
                p.width.min(576),
            )
        })
        .collect();
    html.replacen(MARK, &imgs, 1).replace(MARK, "")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mark_becomes_an_image_or_nothing() {
        let html = format!("<p>a</p>{MARK}<p>b</p>");
        let p = MailPicture { png: vec![1], alt: "Board \"after\" <3>".into(), width: 720, height: 600 };
        let with = place(&html, &[(&p, content_id("m1", 0, "example.org"))]);
        assert!(with.contains("src=\"cid:picture.m1@example.org\""), "{with}");
        assert!(with.contains("alt=\"Board &quot;after&quot; &lt;3&gt;\""), "{with}");
        assert!(!with.contains(MARK));
        let two = place(&html, &[(&p, content_id("m1", 0, "x.org")), (&p, content_id("m1", 1, "x.org"))]);
        assert!(two.contains("cid:picture.m1@x.org") && two.contains("cid:picture.m1.1@x.org"), "{two}");
        assert_eq!(place(&html, &[]), "<p>a</p><p>b</p>");
    }
}
