use super::*;

#[test]
fn smoke() {
    let b = &*BOARD;
    println!("{} circles", b.circles().len());
}
